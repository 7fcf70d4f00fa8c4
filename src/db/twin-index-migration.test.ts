import { describe, expect, it } from 'vitest';
import { deletedAfterEach } from '../../test/support/deleted-after-each';
import { openAtVersion, openCurrent } from '../../test/support/migration-harness';

const opened = deletedAfterEach();

describe('schema version 13', () => {
  it('finds version 12 change items by their task and fingerprint', async () => {
    const name = `migration-v12-twins-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 12);
    await old.open();
    const item = {
      id: 'set-1:0',
      changeSetId: 'set-1',
      taskId: 'task-1',
      fingerprint: 'set_task_priority:{"priority":"high"}',
      status: 'pending',
    };
    await old
      .table('changeItems')
      .bulkAdd([item, { ...item, id: 'set-1:1', itemIndex: 1, fingerprint: 'other' }]);
    old.close();

    const current = openCurrent(name);
    opened.push(current);
    await current.open();
    const found = await current.changeItems
      .where('[taskId+fingerprint]')
      .equals(['task-1', item.fingerprint])
      .toArray();
    expect(found.map((row) => row.id)).toEqual(['set-1:0']);
  });
});
