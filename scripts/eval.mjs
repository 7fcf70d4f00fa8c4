// `npm run eval -- --model NAME [...]`: which model should I use with Countersign? Runs the
// journal situations of src/eval/situations through the real wake against one model and
// writes reports/eval/*.json and *.md (see README, "Choosing a model"). Vite loads the
// TypeScript as it does for the app; fake-indexeddb holds each situation's throwaway journal.
import 'fake-indexeddb/auto';
import { createServer } from 'vite';

const server = await createServer({
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
let code = 1;
try {
  const { main } = await server.ssrLoadModule('/src/eval/eval-cli.ts');
  code = await main(process.argv.slice(2));
} catch (error) {
  // Not a configuration problem (those are said in one line by main): a bug, shown whole.
  console.error(error);
} finally {
  await server.close();
}
process.exitCode = code;
