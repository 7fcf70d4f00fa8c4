import { describe, expect, it } from 'vitest';
import { deletedAfterEach } from '../../test/support/deleted-after-each';
import { openAtVersion, openCurrent } from '../../test/support/migration-harness';

const opened = deletedAfterEach();

describe('schema version 12', () => {
  it('finds a version 11 applied-here row by the ledger row of applying it', async () => {
    const name = `migration-v11-applied-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 11);
    await old.open();
    const row = {
      operationId: 'remote-1',
      seq: 42,
      deviceId: 'device-a',
      kind: 'operation',
      appliedAt: '2026-01-01T00:00:00.000Z',
      localOperationId: 'local-1',
    };
    await old
      .table('syncApplied')
      .bulkAdd([row, { ...row, operationId: 'remote-2', seq: 43, localOperationId: 'local-2' }]);
    old.close();

    const current = openCurrent(name);
    opened.push(current);
    await current.open();
    expect(await current.syncApplied.where('localOperationId').equals('local-1').toArray()).toEqual(
      [row],
    );
    expect(await current.syncApplied.count()).toBe(2);
  });
});
