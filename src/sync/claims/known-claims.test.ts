import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingClaimPush } from '../../../test/support/claim-push';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope } from '../../domain/sync-envelope';
import { applyIncoming } from '../incoming/apply-incoming';
import type { PushDeps } from '../push/push-deps';
import { resolveClaim } from '../push/push-pass';
import { NO_KEYS } from '../seal/key-ring';
import { syncSubjects } from '../transport/sync-subjects';
import type { SyncMessage } from '../transport/sync-transport';
import { claimIdOfSubject } from './known-claims';

let db: CountersignDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await db.open();
});
afterEach(() => db.delete());

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const theirs = {
  decisionId: 'theirs',
  verdict: 'rejected',
  deviceId: 'laptop',
  operationId: 'op-theirs',
} as const;
const claimMessage = (seq: number, subject: string, data: Uint8Array): SyncMessage => ({
  seq,
  subject,
  kind: 'decision',
  data,
});
const incoming = () => ({
  db,
  deviceId: 'here',
  now: () => '2026-11-27T08:00:00.000Z',
  resolveClaim: () => Promise.reject(new Error('no claim is resolved here')),
});

/** A server that must not be asked: the claim this device knows decides. */
const passDeps = () => ({
  db,
  deviceId: 'here',
  push: { clock: { now: () => 0 } } as unknown as PushDeps,
  sealing: { ring: async () => NO_KEYS, subjects: syncSubjects('ann') },
  transport: () => ({
    claimDecision: () => Promise.reject(new Error('the server was asked')),
  }),
});

describe('the decision claims a device knows', () => {
  it('reads the claim id from a decision subject, and nothing from any other', () => {
    expect(claimIdOfSubject('cs.ann.decisions.set-1-r2.3')).toBe('set-1-r2.3');
    expect(claimIdOfSubject('cs.ann.ops.op-1')).toBeUndefined();
    expect(claimIdOfSubject('cs.ann.decisions.set.x')).toBeUndefined();
  });

  it('keeps each claim the feed passes, with its cursor: one that does not parse still took its item', async () => {
    await applyIncoming(incoming(), [
      claimMessage(3, 'cs.ann.decisions.set-1.0', json(theirs)),
      claimMessage(4, 'cs.ann.decisions.set-2.1', json({ decisionId: 7 })),
    ]);
    expect(await db.syncClaims.toArray()).toEqual([
      { id: 'set-1.0', seq: 3, winner: theirs },
      { id: 'set-2.1', seq: 4 },
    ]);
    expect((await db.syncState.get('cursor'))?.value).toBe(4);
  });

  it('quarantines an operation that carries claims: only a snapshot does', async () => {
    const data = encodeEnvelope({
      v: 1,
      operationId: 'op-claims',
      kind: 'journal',
      deviceId: 'laptop',
      vectorClock: { laptop: 1 },
      time: '2026-11-27T08:00:00.000Z',
      part: { index: 0, count: 1 },
      diffs: [
        {
          table: 'decisionClaims',
          id: 'set-9.0',
          before: null,
          after: { id: 'set-9.0', seq: 1, winner: theirs },
        },
      ],
    });
    await applyIncoming(incoming(), [
      { seq: 5, subject: 'cs.ann.ops.op-claims', kind: 'operation', data },
    ]);
    expect(await db.syncClaims.count()).toBe(0);
    expect((await db.syncQuarantine.get(5))?.reason).toMatch(
      /decision claims travel only inside a snapshot/,
    );
  });

  it('decides a claim it knows without the server: won when it is this decision, lost otherwise', async () => {
    const mine = pendingClaimPush('set-1');
    await db.syncPushes.put(mine);
    await db.syncClaims.put({
      id: 'set-1.0',
      seq: 3,
      winner: {
        decisionId: 'own',
        verdict: 'confirmed',
        deviceId: 'here',
        operationId: 'own-decision',
      },
    });
    expect(await resolveClaim(passDeps(), mine)).toBe('won');

    const other = { ...pendingClaimPush('set-2'), operationId: 'own-2', outboxId: 'own-2' };
    await db.syncPushes.put(other);
    await db.syncClaims.put({ id: 'set-2.0', seq: 4, winner: theirs });
    expect(await resolveClaim(passDeps(), other)).toBe('lost');
    expect((await db.syncPushes.get('own-2'))?.claimState).toBe('lost');
  });
});
