// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FIND_CHROMIUM = resolve(__dirname, '../../scripts/find-chromium.mjs');

/** Asked in a process of its own: Playwright reads where its browsers live when it loads. */
function hasPlaywrightBrowserWith(browsersPath: string): boolean {
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { hasPlaywrightBrowser } = await import(${JSON.stringify(FIND_CHROMIUM)});
       process.stdout.write(String(hasPlaywrightBrowser()));`,
    ],
    { encoding: 'utf8', env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: browsersPath } },
  );
  expect(child.stderr).toBe('');
  return child.stdout === 'true';
}

describe("Playwright's own Chromium", () => {
  it('is not found in a browsers folder that a failed download left without a browser', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ms-playwright-'));
    try {
      mkdirSync(join(folder, '.links'));
      expect(hasPlaywrightBrowserWith(folder)).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
