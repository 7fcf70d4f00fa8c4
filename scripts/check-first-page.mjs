// The first page's budget, checked on every test run: what index.html fetches up front
// (entry script, preloaded chunks, stylesheets), gzipped as a static host serves it, must
// stay within 150 kB. A size is exact for a given build, so this is a check, not a timing.
import { measureBundle } from './bench/measure-bundle.mjs';

const BUDGET_BYTES = 150_000;
const { totalGzipBytes, initialFiles } = await measureBundle('dist');
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(`First page: ${kB(totalGzipBytes)} gzipped of ${kB(BUDGET_BYTES)}.`);
if (totalGzipBytes > BUDGET_BYTES) {
  for (const file of [...initialFiles].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`  ${kB(file.gzipBytes).padStart(9)}  ${file.url}`);
  console.log('Over budget: load what the first page does not need with import().');
  process.exit(1);
}
