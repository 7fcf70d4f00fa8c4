// Section 11 alone, for working on the import: builds the bench app, serves it, measures
// the import of `--rows N` rows (100,000 by default) and its undo, prints the section.
// `node scripts/bench-import.mjs [--rows 20000]`. The full `npm run bench` runs the
// same section among the others.
import { rmSync } from 'node:fs';
import { measureImport } from './bench/measure-import.mjs';
import {
  findFreePort,
  startPreviewServer,
  stopAllChildren,
  viteBuild,
} from './bench/processes.mjs';
import { printSection } from './bench/report.mjs';
import { importSection } from './bench/sections.mjs';

const OUT_DIR = 'dist-bench/import-app';
const rowsFlag = process.argv.indexOf('--rows');
const rows = rowsFlag >= 0 ? Number(process.argv[rowsFlag + 1]) : 100_000;

await viteBuild({ mode: 'bench', outDir: OUT_DIR });
const server = await startPreviewServer({ outDir: OUT_DIR, port: await findFreePort() });
try {
  printSection(importSection(await measureImport({ baseUrl: server.url, rows })));
} finally {
  await server.stop();
  await stopAllChildren();
  rmSync(OUT_DIR, { recursive: true, force: true });
}
