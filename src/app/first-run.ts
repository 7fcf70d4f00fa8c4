/**
 * On the very first open, the sample journal is imported through the write path. A
 * setting remembers it, so a person who deletes the samples gets the empty state, not
 * the samples again.
 */
import type { CountersignDatabase } from '../db/database';
import { readSetting, writeSetting } from '../db/settings';
import { dispatch } from '../dispatcher/dispatch';
import { buildSampleJournal } from '../domain/sample-journal';

export const SAMPLE_SEEDED_KEY = 'sampleJournalSeededAt';

export async function seedSampleJournalOnce(db: CountersignDatabase): Promise<void> {
  if (await readSetting(db, SAMPLE_SEEDED_KEY)) return;
  if ((await db.tasks.count()) === 0) {
    const result = await dispatch(db, 'import_journal', buildSampleJournal(), {
      source: 'user',
      summary: 'Add the sample journal',
    });
    if (!result.success) throw new Error(result.output);
  }
  await writeSetting(db, SAMPLE_SEEDED_KEY, new Date().toISOString());
}
