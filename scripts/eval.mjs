// `npm run eval -- --model NAME [...]`: which model should I use with Countersign? Runs the
// journal situations of src/eval/situations through the real wake against one model and
// writes reports/eval/*.json and *.md (see README, "Choosing a model"). Vite loads the
// TypeScript as it does for the app; fake-indexeddb holds each situation's throwaway journal.
import 'fake-indexeddb/auto';
import { runCli } from './run-cli.mjs';

await runCli('/src/eval/eval-cli.ts', process.argv.slice(2));
