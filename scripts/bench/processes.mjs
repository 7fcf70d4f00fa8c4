// Child processes the bench owns: the two vite builds and the preview server. Vite is
// run as `node node_modules/vite/bin/vite.js` (what `npx vite` resolves to), so the
// server is one process we started and can stop by its own pid.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** Every child still running, so an interrupted run can stop exactly what it started. */
const runningChildren = new Set();

function track(child) {
  runningChildren.add(child);
  child.on('exit', () => runningChildren.delete(child));
  return child;
}

export function stopAllChildren() {
  return Promise.allSettled([...runningChildren].map((child) => stopProcess(child)));
}
const VITE_BIN = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');

/** Vite as a tracked child, its stdout and stderr gathered in `output()`. */
function spawnVite(args, env = {}) {
  const child = track(
    spawn(process.execPath, [VITE_BIN, ...args], {
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** Runs a vite build; resolves with its output, rejects with the tail of it on failure. */
export function viteBuild({ mode, outDir }) {
  const args = ['build', '--outDir', outDir, ...(mode ? ['--mode', mode] : [])];
  return new Promise((resolve, reject) => {
    // NODE_ENV=production: a custom --mode must still get React's production build.
    const { child, output } = spawnVite(args, { NODE_ENV: 'production' });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output());
      else {
        const tail = output().trim().split('\n').slice(-25).join('\n');
        reject(
          new Error(
            `vite build ${mode ? `--mode ${mode} ` : ''}--outDir ${outDir} exited with ${code}:\n${tail}`,
          ),
        );
      }
    });
  });
}

/** A port nobody listens on right now (the server then claims it with --strictPort). */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `vite preview` on the bench build and waits until it answers. */
export async function startPreviewServer({ outDir, port, timeoutMs = 30_000 }) {
  const { child, output } = spawnVite([
    'preview',
    '--outDir',
    outDir,
    '--port',
    String(port),
    '--strictPort',
    '--host',
    '127.0.0.1',
  ]);
  let exited = false;
  child.on('exit', () => (exited = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`vite preview exited before serving:\n${output().trim()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return { url, stop: () => stopProcess(child) };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stopProcess(child);
  throw new Error(
    `vite preview did not answer on ${url} within ${timeoutMs} ms:\n${output().trim()}`,
  );
}

/** SIGTERM, then SIGKILL if it lingers: only ever the child we spawned, by its pid. */
function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
