/**
 * Section 3's long journals: tasks with many entries (200, and ten times that), seeded
 * after the journal. Their page shows the newest 50 either way, so it should open as fast
 * at 2,000 entries as at 200.
 */
import { getDatabase } from '../../src/db/connection';
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
