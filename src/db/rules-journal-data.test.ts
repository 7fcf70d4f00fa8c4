import { afterEach, describe, expect, it } from 'vitest';
import { parseJournalFile } from '../domain/journal-file';
import { rowProblem } from '../sync/wire/synced-row-schemas';
import {
  createAgentReadyTask,
  createTestDatabase,
  userWrite,
} from '../../test/support/test-database';
import type { CountersignDatabase } from './database';
import { exportJournal } from './export-journal';
import { keepOutbox } from './sync-settings';

const opened: CountersignDatabase[] = [];
const fresh = () => {
  const db = createTestDatabase();
  opened.push(db);
  return db;
};
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('rules are journal data', () => {
  it('are written through dispatch (ledger and outbox), exported, imported and accepted by sync', async () => {
    const db = fresh();
    await keepOutbox(db);
    const { categoryId } = await createAgentReadyTask(db);
    const created = await userWrite(db, 'create_suppression_rule', {
      toolName: 'update_task_estimate',
      categoryId,
      origin: 'You rejected estimate 3 times on tasks in Work.',
    });
    const ruleId = created.data!.ruleId as string;
    expect(await db.mutations.get(created.operationId)).toMatchObject({
      toolName: 'create_suppression_rule',
    });
    const outbox = (await db.outbox.toArray()).filter(
      (row) => row.operationId === created.operationId,
    );
    expect(outbox.flatMap((row) => row.diffs.map((diff) => diff.table))).toContain('rules');

    const file = await exportJournal(db);
    expect(file.tables.rules.map((rule) => rule.id)).toEqual([ruleId]);
    const parsed = parseJournalFile(JSON.stringify(file));
    expect(parsed.ok).toBe(true);

    const other = fresh();
    await userWrite(other, 'import_journal', file);
    expect(await other.rules.get(ruleId)).toMatchObject({
      toolName: 'update_task_estimate',
      categoryId,
    });

    const row = (await db.rules.get(ruleId))!;
    expect(rowProblem('rules', row)).toBeUndefined();
    expect(rowProblem('rules', { ...row, effect: 'allow' })).toMatch(/not valid/);
  });

  it('reads files exported before rules existed', () => {
    const parsed = parseJournalFile(
      JSON.stringify({
        format: 'countersign-journal',
        version: 1,
        exportedAt: new Date().toISOString(),
        tables: { categories: [], labels: [], tasks: [], checklistItems: [], entries: [] },
      }),
    );
    expect(parsed.ok && parsed.file.tables.rules).toEqual([]);
  });
});
