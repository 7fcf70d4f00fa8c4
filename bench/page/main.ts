/**
 * The bench build's entry: vite.config.ts puts it in place of src/app/main.tsx when the
 * mode is `bench`, so the app itself never mentions the benchmark. It starts the app
 * exactly as the production entry does, then loads the hooks as a chunk of their own, so
 * the app's start-up (what sections 2 and 3 time) downloads and parses what a user's does.
 */
import '../../src/app/main';

void import('./install').then(({ installBenchHooks }) => installBenchHooks());
