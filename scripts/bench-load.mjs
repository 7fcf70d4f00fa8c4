// The load test of many people, with figures: `node scripts/bench-load.mjs [people]
// [devices] [seconds]` (20 × 3 × 150 s by default, at most 180 s). Runs
// test/sync/load.test.ts (the app's sync runtime in Node against a 3-node loopback
// cluster) with those sizes and prints what it measured, with a compaction halfway
// (LOAD_COMPACT=0 leaves it out). Loopback only.
import { spawn } from 'node:child_process';

const [people = '20', devices = '3', seconds = '150'] = process.argv.slice(2);
const child = spawn(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', 'test/sync/load.test.ts'],
  {
    env: {
      ...process.env,
      LOAD_PEOPLE: people,
      LOAD_DEVICES: devices,
      LOAD_SECONDS: seconds,
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const code = await new Promise((resolve) => child.on('exit', resolve));
const line = output.split('\n').find((each) => each.includes('SYNC_LOAD '));
if (!line) {
  console.error(`The load run printed no figures (exit ${code}):\n${output.slice(-2_000)}`);
  process.exit(1);
}
const f = JSON.parse(line.slice(line.indexOf('{')));
const kB = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(`Load: ${f.people} people × ${f.devices / f.people} devices, ${f.seconds} s, one 3-node cluster on loopback
  offered ${f.offeredPerSecond} operations a second, achieved ${f.achievedPerSecond} (${f.operations} operations; every device had all of its person's ${f.settledSeconds} s after the start)
  A→B latency p50 ${f.latencyMs.p50} ms, p95 ${f.latencyMs.p95} ms (${f.latencyMs.samples} samples, the leader kill's election included)
  duplicates ${f.duplicates}, applied twice ${f.appliedTwice}, losses ${f.losses} (${f.unsent} still in an outbox${f.settled ? '' : '; some device had not caught up 120 s after the run'})
  compaction halfway removed ${f.compactedSubjects} subjects; leader ${f.leaderKilled || '(none)'} killed
  streams over time: ${f.sizes.map((size) => `${size.second} s: ${size.subjects} subjects, ${kB(size.bytes)}`).join('; ')}
  ${code === 0 ? 'passed' : 'FAILED (see test/sync/load.test.ts)'}`);
process.exitCode = code === 0 ? 0 : 1;
