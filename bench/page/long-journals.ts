/**
 * Section 3's long journals: tasks with many entries (200, and ten times that), seeded
 * after the journal. Their page shows the newest 50 either way, so it should open as fast
 * at 2,000 entries as at 200; and the automatic wake's watch on them should cost the same.
 */
import {
  readAutoWake,
  readProviderSettings,
  saveAutoWake,
  saveProviderSettings,
} from '../../src/db/agent-settings';
import { getDatabase } from '../../src/db/connection';
import { readAutoWakeWatch } from '../../src/db/queries/agent';
import { SETTING_KEYS } from '../../src/db/setting-keys';
import { dispatch } from '../../src/dispatcher/dispatch';
import { createBusyTask, ensureBenchCategory } from './fixtures';
import { createRandom } from './random';
import type { ProbeTask } from './seed';

export async function seedLongJournals(options: {
  tasks: number;
  entries: number;
}): Promise<ProbeTask[]> {
  const db = getDatabase();
  await ensureBenchCategory(db);
  const random = createRandom(7_000_021 + options.entries);
  const probes: ProbeTask[] = [];
  for (let index = 0; index < options.tasks; index++) {
    const task = await createBusyTask(db, random, `${options.entries} entries ${index + 1}`, {
      entries: options.entries,
      checklistItems: 5,
    });
    const entries = await db.entries
      .where('[taskId+createdAt]')
      .between([task.id, ''], [task.id, '\uffff'])
      .reverse()
      .toArray();
    probes.push({
      id: task.id,
      title: task.title,
      entryCount: entries.length,
      checklistCount: 5,
      entrySnippets: entries.map((entry) => entry.text.split('\n')[0]!.slice(0, 60).trim()),
    });
  }
  return probes;
}

/**
 * The automatic wake's watch on a long journal: with the wake turned on, one entry is
 * added, then the watch is read as the open task page reads it after that edit (its
 * operations since the page opened). Its cost is the edits since then, so it should be
 * the same at 2,000 entries as at 200. The setting is put back as it was.
 */
export async function measureAutoWakeWatch(
  taskIds: readonly string[],
): Promise<{ watch: number[]; replaced: number[] }> {
  const db = getDatabase();
  const [wasOn, provider] = await Promise.all([readAutoWake(db), readProviderSettings(db)]);
  await saveAutoWake(db, true);
  if (!provider) await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
  const samples = { watch: [] as number[], replaced: [] as number[] };
  try {
    for (const taskId of taskIds) {
      const openedAt = new Date().toISOString();
      const added = await dispatch(
        db,
        'add_journal_entry',
        { text: 'One edit while the page is open.' },
        { source: 'user', taskId },
      );
      if (!added.success) throw new Error(`add_journal_entry failed: ${added.output}`);
      const started = performance.now();
      const watch = await readAutoWakeWatch(db, taskId, openedAt);
      samples.watch.push(performance.now() - started);
      // For reference, the read it replaced: every checklist item and entry of the task.
      const replacedAt = performance.now();
      await Promise.all([
        db.checklistItems.where('taskId').equals(taskId).toArray(),
        db.entries.where('taskId').equals(taskId).toArray(),
      ]);
      samples.replaced.push(performance.now() - replacedAt);
      if (watch?.operations.length !== 1) {
        throw new Error(`the watch saw ${watch?.operations.length ?? 'no'} operations, not 1`);
      }
    }
  } finally {
    await saveAutoWake(db, wasOn);
    if (!provider) await db.settings.delete(SETTING_KEYS.provider);
  }
  return samples;
}
