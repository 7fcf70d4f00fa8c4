import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingClaimPush as record } from '../../../test/support/claim-push';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { readSyncAttention } from '../../db/sync-queries';
import type { PushDeps } from './push-deps';
import { systemClock } from './push-clock';
import { createDexiePushStore } from './dexie-push-store';
import { NO_KEYS } from '../seal/key-ring';
import { syncSubjects } from '../transport/sync-subjects';
import { classifySyncError } from '../transport/sync-transport-error';
import { runPushPass, resolveClaim } from './push-pass';

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

describe('resolveClaim', () => {
  it('says a claim whose change set id cannot be a subject can never be made', async () => {
    await db.syncPushes.put(record('evil.set'));
    expect(await resolveClaim(deps(), record('evil.set'))).toMatchObject({
      error: expect.stringMatching(/"evil\.set" cannot be used in a sync subject/),
      refused: true,
    });
  });

  it('keeps such a decision on this device, in words, and pushes what comes after it', async () => {
    await db.syncPushes.bulkPut([
      record('evil.set'),
      { ...record('set-2'), operationId: 'later', sequence: 2, outboxId: 'later-outbox' },
      {
        operationId: 'plain',
        sequence: 3,
        state: 'pending',
        attempts: 0,
        updatedAt: 0,
        outboxId: 'plain-outbox',
        kind: 'journal',
      },
    ]);
    const sent: string[] = [];
    const passDeps = {
      ...deps(),
      push: {
        store: createDexiePushStore(db),
        clock: systemClock,
        target: {
          push: async (operationId: string) => {
            sent.push(operationId);
            return { status: 'applied' as const };
          },
        },
      },
      transport: () => ({ claimDecision: async () => ({ outcome: 'won' as const, seq: 1 }) }),
    };

    const first = await runPushPass(passDeps);
    const second = await runPushPass(passDeps);

    expect(first).toMatchObject({ pushed: 2, keptLocal: 1 });
    expect(first.stoppedAt).toBeUndefined();
    expect(second).toMatchObject({ pushed: 0, keptLocal: 0 });
    expect(sent).toEqual(['later', 'plain']);
    const kept = await db.syncPushes.get('own-decision');
    expect(kept).toMatchObject({ state: 'failed' });
    expect(kept?.lastError).toMatch(
      /^Kept on this device only: .*"evil\.set" cannot be used in a sync subject.*Decide the same item on your other devices too\.$/,
    );
    expect((await readSyncAttention(db)).failed.map((push) => push.lastError)).toEqual([
      kept?.lastError,
    ]);
  });

  it('says an unreachable server may answer later', async () => {
    await db.syncPushes.put(record('set-1'));
    expect(await resolveClaim(deps(), record('set-1'))).toMatchObject({
      error: expect.stringMatching(/cannot be reached/),
      refused: false,
    });
  });
});

describe('runPushPass, once the server answers again', () => {
  const waitingPush = (
    operationId: string,
    sequence: number,
    state: 'pending' | 'needs_reconcile',
  ) => ({
    operationId,
    sequence,
    state,
    attempts: 1,
    updatedAt: 0,
    nextAttemptAt: 10_000,
    outboxId: `${operationId}-outbox`,
    kind: 'journal' as const,
  });

  it('makes the pushes waiting out a backoff due when one lands, and not before', async () => {
    await db.syncPushes.bulkPut([
      waitingPush('unchecked', 1, 'needs_reconcile'),
      waitingPush('refused-earlier', 2, 'pending'),
      { ...waitingPush('new', 3, 'pending'), attempts: 0, nextAttemptAt: undefined },
    ]);
    let answers = false;
    const passDeps = {
      ...deps(),
      push: {
        store: createDexiePushStore(db),
        clock: { ...systemClock, now: () => 1_000 },
        target: {
          push: async () =>
            answers
              ? { status: 'applied' as const }
              : { status: 'rejected' as const, retryable: true, error: 'no leader' },
        },
      },
    };
    const waits = async () =>
      (await db.syncPushes.bulkGet(['unchecked', 'refused-earlier'])).map(
        (row) => row?.nextAttemptAt,
      );

    await runPushPass(passDeps);
    expect(await waits()).toEqual([10_000, 10_000]);

    await db.syncPushes.update('new', { nextAttemptAt: undefined });
    answers = true;
    expect(await runPushPass(passDeps)).toMatchObject({ pushed: 1 });
    expect(await waits()).toEqual([undefined, undefined]);
  });
});
