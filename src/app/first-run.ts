/**
 * On the very first open, the sample journal is imported through the write path. A
 * setting remembers it, so a person who deletes the samples gets the empty state, not
 * the samples again. The write path and the samples are loaded only when they are needed.
 */
import type { CountersignDatabase } from '../db/database';
import { SETTING_KEYS } from '../db/setting-keys';
import { readSetting, writeSetting } from '../db/settings';
import { loadDispatch } from '../dispatcher/load-dispatch';

export async function seedSampleJournalOnce(db: CountersignDatabase): Promise<void> {
  if (await readSetting(db, SETTING_KEYS.sampleJournalSeededAt)) return;
  if ((await db.tasks.count()) === 0) {
    const [dispatch, { buildSampleJournal }] = await Promise.all([
      loadDispatch(),
      import('../domain/sample-journal'),
    ]);
    const result = await dispatch(db, 'import_journal', buildSampleJournal(), {
      source: 'user',
      summary: 'Add the sample journal',
    });
    if (!result.success) throw new Error(result.output);
  }
  await writeSetting(db, SETTING_KEYS.sampleJournalSeededAt, new Date().toISOString());
}
