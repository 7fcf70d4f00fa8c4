import { describe, expect, it } from 'vitest';
import { deletedAfterEach } from '../../test/support/deleted-after-each';
import { openAtVersion, openCurrent } from '../../test/support/migration-harness';

const opened = deletedAfterEach();

describe('schema version 11', () => {
  it('opens version 10 data with an empty list of known claims, and keeps one', async () => {
    const name = `migration-v10-claims-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 10);
    await old.open();
    await old.table('syncState').put({ key: 'cursor', value: 42 });
    old.close();

    const current = openCurrent(name);
    opened.push(current);
    await current.open();
    expect((await current.syncState.get('cursor'))?.value).toBe(42);
    expect(await current.syncClaims.count()).toBe(0);
    await current.syncClaims.put({
      id: 'set-1.0',
      seq: 7,
      winner: { decisionId: 'd-1', verdict: 'confirmed', deviceId: 'dev-a', operationId: 'op-1' },
    });
    expect((await current.syncClaims.get('set-1.0'))?.winner?.deviceId).toBe('dev-a');
  });
});
