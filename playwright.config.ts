import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.mjs';

/**
 * Other ports through the environment (PW_APP_PORT, PW_LLM_PORT, PW_SYNC_PORT), so two checkouts
 * can run their journeys side by side. `SYNC_JOURNEYS_ONLY=1 npx playwright test e2e/sync`: the
 * sync journeys alone, on ports of their own (preview 4273, sync server 14322-14324).
 */
const SYNC_ONLY = process.env.SYNC_JOURNEYS_ONLY === '1';
const PORT = Number(process.env.PW_APP_PORT ?? (SYNC_ONLY ? 4273 : 4173));
/** The scripted OpenAI-compatible server the agent journeys talk to (e2e/support/scripted-llm-server.mjs). */
export const LLM_PORT = Number(process.env.PW_LLM_PORT ?? 4174);
/** The sync journeys' nats-server (the two ports below it) and its lease door (e2e/support/sync-server.mjs). */
export const SYNC_LEASE_PORT = Number(process.env.PW_SYNC_PORT ?? (SYNC_ONLY ? 14324 : 14224));

// Journeys run against the built app (vite preview), on an emulated tablet with touch.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // On CI (a fresh, possibly busy machine) a journey that fails is run once more; one that
  // passes on the retry is still named in the summary as flaky, so it is seen and fixed.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'tablet',
      use: { ...devices['Galaxy Tab S4'], viewport: { width: 820, height: 1180 } },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    ...(SYNC_ONLY
      ? []
      : [
          {
            command: `node e2e/support/scripted-llm-server.mjs --port ${LLM_PORT}`,
            url: `http://127.0.0.1:${LLM_PORT}/health`,
            reuseExistingServer: !process.env.CI,
            timeout: 20_000,
          },
        ]),
    {
      command: `node e2e/support/sync-server.mjs --port ${SYNC_LEASE_PORT} --client-port ${SYNC_LEASE_PORT - 2} --ws-port ${SYNC_LEASE_PORT - 1}`,
      url: `http://127.0.0.1:${SYNC_LEASE_PORT}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 20_000,
    },
  ],
});
