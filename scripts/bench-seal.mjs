// Seal + open per message on its own, without a browser or a build:
// `node scripts/bench-seal.mjs`. Vite loads the TypeScript; Node's Web Crypto is the same
// API the page uses (the figures in a browser differ by its implementation).
import { withAppModules } from './bench/app-modules.mjs';
import { measureSeal } from './bench/measure-seal.mjs';

const results = await withAppModules(measureSeal);
const fixed = (value) => value.toFixed(1);
for (const result of results) {
  console.log(
    `${result.name} (${result.plainBytes.toLocaleString('en-US')} bytes, ${result.sealedBytes.toLocaleString('en-US')} sealed): ` +
      `seal ${fixed(result.sealUs)} µs, open + parse ${fixed(result.openAndParseUs)} µs, seal + open ${result.messagesPerSecond.toLocaleString('en-US')} messages a second`,
  );
}
console.log(
  `  Medians of 5 rounds of ${results.map((result) => result.count.toLocaleString('en-US')).join(' and ')} messages, one at a time, after a warm-up round.`,
);
