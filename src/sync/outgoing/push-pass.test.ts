import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingClaimPush as record } from '../../../test/support/claim-push';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import type { PushDeps } from '../push/push-deps';
import { NO_KEYS } from '../seal/key-ring';
import { syncSubjects } from '../transport/sync-subjects';
import { classifySyncError } from '../transport/sync-transport-error';
import { settleClaim } from './push-pass';

let db: CountersignDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await db.open();
});
afterEach(() => db.delete());

/** The transport's own subject check, then a server that cannot be reached. */
function deps() {
  return {
    db,
    deviceId: 'here',
    push: { clock: { now: () => 0 } } as unknown as PushDeps,
    sealing: { ring: async () => NO_KEYS, subjects: syncSubjects('ann') },
    transport: () => ({
      claimDecision: async (changeSetId: string, itemIndex: number) => {
        try {
          syncSubjects('ann').decision(changeSetId, itemIndex);
        } catch (error) {
          throw classifySyncError(error, { doing: 'claiming the decision' });
        }
        throw classifySyncError(Object.assign(new Error('x'), { name: 'ConnectionError' }), {
          doing: 'claiming the decision',
        });
      },
    }),
  };
}

describe('settleClaim', () => {
  it('says a claim whose change set id cannot be a subject can never be made', async () => {
    await db.syncPushes.put(record('evil.set'));
    expect(await settleClaim(deps(), record('evil.set'))).toMatchObject({
      error: expect.stringMatching(/"evil\.set" cannot be used in a sync subject/),
      refused: true,
    });
  });

  it('says an unreachable server may answer later', async () => {
    await db.syncPushes.put(record('set-1'));
    expect(await settleClaim(deps(), record('set-1'))).toMatchObject({
      error: expect.stringMatching(/cannot be reached/),
      refused: false,
    });
  });
});
