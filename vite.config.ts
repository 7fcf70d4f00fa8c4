/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const APP_ENTRY = '/src/app/main.tsx';
const BENCH_ENTRY = '/bench/page/main.ts';

/**
 * `vite build --mode bench` (what `npm run bench` builds): index.html loads the bench's own
 * entry, which starts the app and then installs the measurement hooks (bench/page/main.ts).
 * The app never imports the benchmark; every other mode builds index.html as it is.
 */
function benchEntry(): Plugin {
  return {
    name: 'countersign-bench-entry',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(APP_ENTRY)) throw new Error(`index.html no longer loads ${APP_ENTRY}`);
        return html.replace(APP_ENTRY, BENCH_ENTRY);
      },
    },
  };
}

/**
 * index.html's Content-Security-Policy allows no inline script, and `vite dev` injects one
 * (React's refresh preamble): the dev server serves the page without the policy. The build
 * and `vite preview` keep it.
 */
function withoutPolicyInDev(): Plugin {
  return {
    name: 'countersign-no-csp-in-dev',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''),
    },
  };
}

// The app is a static PWA: the service worker precaches the built shell so the
// journal opens offline; `registerType: 'prompt'` lets the page ask before it
// swaps to a new version (see src/app/update-prompt.tsx).
export default defineConfig(({ mode }) => ({
  // Each build is a version of its own (src/lib/app-version.ts): sync re-reads its quarantine.
  define: {
    __APP_VERSION__: JSON.stringify(
      `${process.env.npm_package_version ?? '0'}+${new Date().toISOString()}`,
    ),
  },
  plugins: [
    ...(mode === 'bench' ? [benchEntry()] : []),
    withoutPolicyInDev(),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Countersign',
        short_name: 'Countersign',
        description: 'A task journal where an AI agent proposes changes and you countersign them.',
        theme_color: '#2f5d50',
        background_color: '#f6f5f1',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        cleanupOutdatedCaches: true,
        // On the very first visit the new worker takes over the open page, so the journal
        // opens offline from then on. Later versions still wait for the person's "Update".
        clientsClaim: true,
        // A tap on a notification the worker showed opens its task (features/notify).
        importScripts: ['notification-click.js'],
      },
    }),
  ],
  worker: { format: 'es' },
  // The agent worker imports these; pre-bundle them so `vite dev` does not reload the
  // page the first time a wake starts (docs/decisions/0008-toolchain.md).
  optimizeDeps: {
    include: [
      'comlink',
      'zod',
      'dexie',
      '@ai-sdk/openai-compatible',
      '@ai-sdk/openai',
      '@ai-sdk/anthropic',
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    minify: process.env.SYNC_BENCH_PROFILE ? false : undefined,
    rolldownOptions: {
      treeshake: {
        // src/domain is the pure model (docs/architecture.md: no IO, nothing registered at load):
        // a module there that nothing uses may be dropped even though building its zod
        // schemas looks like work. So `TASK_STATUSES` imported from domain/task.ts (a
        // re-export of task-constants.ts) does not bring zod into the first page's bundle.
        moduleSideEffects: (id: string) => !/[\\/]src[\\/]domain[\\/]/.test(id),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // jsdom tests that seed a large journal take a few seconds on CI's two cores while
    // other test files run beside them; a slow machine is not a failing test.
    testTimeout: 20_000,
    // Hooks start real servers (nats-server clusters) whose own waits say what never came
    // up; the hook's limit sits above the sum of those waits so their message is the one
    // a failure shows, not a bare "hook timed out".
    hookTimeout: 90_000,
  },
}));
