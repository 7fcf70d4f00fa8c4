// Section 12: "Export journal" in Settings at 1× and at the curve's large size, as a person
// does it: a tap, the file downloaded. The page records its long tasks from the tap until
// the success notice shows (bench/page/import.ts keeps that log for import and export).
import { statSync } from 'node:fs';
import { openQuietAppPage } from './browser.mjs';

/** Exports the journal of `context`'s profile through Settings; the log and the file's size. */
export async function measureExport(context) {
  const page = await openQuietAppPage(context);
  try {
    await page.goto('/settings');
    const button = page.getByRole('button', { name: 'Export journal' });
    await button.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => window.__countersignBench !== undefined);
    await page.evaluate(() => window.__countersignBench.startImportLog());
    const download = page.waitForEvent('download', { timeout: 20 * 60_000 });
    await button.click();
    const log = await page.evaluate(() =>
      window.__countersignBench.takeImportLog({ done: 'Exported' }),
    );
    if (!log.outcome.startsWith('Exported')) throw new Error(log.outcome);
    const path = await (await download).path();
    return { log, fileBytes: statSync(path).size };
  } finally {
    await page.close();
  }
}
