import { describe, expect, it } from 'vitest';
import { deletedAfterEach } from '../../test/support/deleted-after-each';
import { openAtVersion, openCurrent } from '../../test/support/migration-harness';

const opened = deletedAfterEach();

/** A ledger row as versions 2 to 9 stored it. */
const storedRow = (operationId: string, fields: Record<string, unknown> = {}) => ({
  operationId,
  toolName: 'set_task_title',
  source: 'user',
  taskId: 'task-1',
  status: 'applied',
  attempts: 1,
  diffs: [{ table: 'tasks', id: 'task-1', before: { title: 'Old' }, after: { title: 'New' } }],
  result: 'Title set.',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('schema version 10', () => {
  it('opens a version 9 ledger without its status and attempts, everything else kept', async () => {
    const name = `migration-v9-ledger-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 9);
    await old.open();
    await old
      .table('mutations')
      .bulkAdd([
        storedRow('op-1'),
        storedRow('op-2', { nextAttemptAt: '2026-01-02T00:00:00.000Z', taskId: 'task-2' }),
      ]);
    old.close();

    const current = openCurrent(name);
    opened.push(current);
    await current.open();
    const { status: _status, attempts: _attempts, ...kept } = storedRow('op-1');
    expect(await current.mutations.get('op-1')).toEqual(kept);
    const second = await current.mutations.get('op-2');
    expect(Object.keys(second!).sort()).toEqual(Object.keys(kept).sort());
    // Its indexes still find it by task and time.
    expect(
      await current.mutations
        .where('[taskId+createdAt]')
        .between(['task-2', ''], ['task-2', '\uffff'])
        .primaryKeys(),
    ).toEqual(['op-2']);
  });
});
