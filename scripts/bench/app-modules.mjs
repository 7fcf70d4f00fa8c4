// The app's TypeScript modules in Node, for figures that need no browser: Vite loads
// them (ssrLoadModule) and is closed after `run`, whatever it throws.
import { createServer } from 'vite';

export async function withAppModules(run) {
  const server = await createServer({
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await run((path) => server.ssrLoadModule(path));
  } finally {
    await server.close();
  }
}
