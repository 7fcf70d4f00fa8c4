// Runs a TypeScript CLI module of src/ in Node: Vite loads it as it builds the app, and its
// `main(...args)` resolves with the exit code. Shared by `npm run eval` and `npm run agent-device`.
import { createServer } from 'vite';

export async function runCli(modulePath, ...args) {
  const server = await createServer({
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  let code = 1;
  try {
    const { main } = await server.ssrLoadModule(modulePath);
    code = await main(...args);
  } catch (error) {
    // Not a configuration problem (those are said in one line by main): a bug, shown whole.
    console.error(error);
  } finally {
    await server.close();
  }
  process.exitCode = code;
}
