/**
 * One pass over what waits to be sent, in outbox order: new outbox rows become pushes,
 * a push carrying a decision first claims its item (and a lost claim is taken back here,
 * never pushed), then each push goes through the reconciliation runtime (pushOne). A
 * push that does not land stops this pass; once it is uncertain (the background loop's, or
 * the person's), the next pass sends what is behind it: order of arrival does not change
 * what another device ends with (decision 0013). A push that lands shows the server
 * answers again: what waited out a backoff is made due (answered-again.ts).
 */
import type { CountersignDatabase } from '../../db/database';
import { ACTIVE_PUSH_STATES, type SyncPushRecord } from '../../db/sync-rows';
import type { PushDeps } from './push-deps';
import { pushOne } from './push-one';
import { awaitsClaim } from './dexie-push-store';
import type { SyncTransport } from '../transport/sync-transport';
import { InvalidSubjectTokenError } from '../transport/sync-subjects';
import { classifySyncError } from '../transport/sync-transport-error';
import { claimIdOf } from '../claims/known-claims';
import {
  claimBytes,
  claimDecision,
  claimSubject,
  judgeClaim,
  type ClaimOutcome,
} from './decision-claims';
import { makeWaitingPushesDue } from './answered-again';
import { drainOutbox } from './drain-outbox';
import { revertLostDecision } from './revert-lost-decision';
import { claimToSend, type Sealing } from './seal-once';

export interface PushPassDeps {
  db: CountersignDatabase;
  deviceId: string;
  push: PushDeps;
  transport: () => Pick<SyncTransport, 'claimDecision'>;
  sealing: Sealing;
}

export interface PushPassSummary {
  pushed: number;
  lostClaims: number;
  /** Decisions that can never be claimed (kept on this device only, with words). */
  keptLocal: number;
  /** Why the pass stopped early, if it did. */
  stoppedAt?: { operationId: string; reason: string };
}

export async function runPushPass(deps: PushPassDeps): Promise<PushPassSummary> {
  const { db, push } = deps;
  const now = push.clock.now();
  await drainOutbox(db, now);
  const waiting = await db.syncPushes
    .where('state')
    .equals('pending')
    .filter((record) => (record.nextAttemptAt ?? 0) <= now)
    .sortBy('sequence');
  const summary: PushPassSummary = { pushed: 0, lostClaims: 0, keptLocal: 0 };
  for (const record of waiting) {
    if (awaitsClaim(record)) {
      const settled = await resolveClaim(deps, record);
      if (settled === 'lost') {
        summary.lostClaims++;
        continue;
      }
      if (typeof settled === 'object' && settled.keptLocal) {
        summary.keptLocal++;
        continue;
      }
      if (settled !== 'won') {
        summary.stoppedAt = { operationId: record.operationId, reason: settled.error };
        return summary;
      }
    }
    const after = await pushOne(push, record.operationId);
    if (after.state !== 'applied') {
      summary.stoppedAt = {
        operationId: record.operationId,
        reason: after.lastError ?? `the push is ${after.state}`,
      };
      return summary;
    }
    if (summary.pushed++ === 0) await makeWaitingPushesDue(db, now);
  }
  return summary;
}

/**
 * Claims the record's decision. Lost: this device's decision is taken back and the
 * person told; the operation is never pushed. A server that cannot answer leaves the
 * push pending for a later pass (the claim is the same message, so retrying is safe).
 * `refused`: the claim can never be made as it is, so trying again cannot help. When that
 * is because its change set id cannot be a subject (stored by an older version, or sent by
 * another device before such ids were refused), the push is ended `failed` with words
 * (`keptLocal`): the decision stays on this device, and no later push waits behind it.
 */
export async function resolveClaim(
  deps: PushPassDeps,
  record: SyncPushRecord,
): Promise<'won' | 'lost' | ClaimRefusal> {
  const { db, push, deviceId } = deps;
  const fresh = await db.syncPushes.get(record.operationId);
  if (!fresh?.claim || !awaitsClaim(fresh)) return fresh?.claimState === 'lost' ? 'lost' : 'won';
  const claimed = { ...fresh, claim: fresh.claim };
  // A claim this device knows decides without the server, whose copy compaction may have
  // removed (a purged subject would take this claim as the first).
  const known = await db.syncClaims.get(claimIdOf(claimed.claim));
  const outcome = known
    ? judgeClaim(claimed, deviceId, known.winner)
    : await claimOnServer(deps, claimed);
  if ('error' in outcome) return outcome;
  if (outcome.outcome === 'won') {
    await update(db, fresh, { claimState: 'won', updatedAt: push.clock.now() });
    return 'won';
  }
  await revertLostDecision(db, claimed, outcome.winner, {
    deviceId,
    now: new Date(push.clock.now()).toISOString(),
  });
  return 'lost';
}

/**
 * Settles this device's decisions waiting to claim an item whose claim it now knows (a
 * snapshot carried it), before that snapshot's rows merge over them: a lost decision is
 * taken back from the rows it changed, as when the feed brings the winner's operation.
 * Never asks the server.
 */
export async function settleKnownClaims(deps: PushPassDeps): Promise<void> {
  const { db } = deps;
  await drainOutbox(db, deps.push.clock.now());
  const waiting = await db.syncPushes
    .where('state')
    .anyOf(ACTIVE_PUSH_STATES)
    .filter(awaitsClaim)
    .toArray();
  for (const record of waiting) {
    if (await db.syncClaims.get(claimIdOf(record.claim!))) await resolveClaim(deps, record);
  }
}

type ClaimRefusal = { error: string; refused: boolean; keptLocal?: true };

async function claimOnServer(
  deps: PushPassDeps,
  claimed: SyncPushRecord & { claim: NonNullable<SyncPushRecord['claim']> },
): Promise<ClaimOutcome | ClaimRefusal> {
  const { db, push, deviceId } = deps;
  try {
    const subject = claimSubject(deps.sealing.subjects, claimed.claim);
    const bytes = await claimToSend(
      db,
      deps.sealing,
      claimed,
      subject,
      claimBytes(claimed.claim, deviceId, claimed.operationId),
    );
    const ring = await deps.sealing.ring();
    return await claimDecision(deps.transport(), claimed, deviceId, {
      bytes,
      subject,
      ring,
      ...(deps.sealing.signers ? { signers: deps.sealing.signers } : {}),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof InvalidSubjectTokenError) {
      const error = keptLocalWords(reason);
      await update(db, claimed, { state: 'failed', lastError: error, updatedAt: push.clock.now() });
      return { error, refused: true, keptLocal: true };
    }
    await update(db, claimed, {
      lastError: reason,
      nextAttemptAt: push.clock.now() + (push.policy?.baseBackoffMs ?? 10_000),
      updatedAt: push.clock.now(),
    });
    const refused =
      classifySyncError(error, { doing: 'claiming the decision' }).kind === 'rejected';
    return { error: reason, refused };
  }
}

function keptLocalWords(reason: string): string {
  return (
    `Kept on this device only: this decision cannot be shared with your other devices. ` +
    `${reason.replace(/: use .*$/, '')}, so it cannot be claimed on the sync server. ` +
    'Decide the same item on your other devices too.'
  );
}

/** Changes the stored record (which may hold the claim as first sealed since `fallback` was read). */
function update(
  db: CountersignDatabase,
  fallback: SyncPushRecord,
  changes: Partial<SyncPushRecord>,
): Promise<void> {
  return db.transaction('rw', db.syncPushes, async () => {
    const latest = (await db.syncPushes.get(fallback.operationId)) ?? fallback;
    await db.syncPushes.put({ ...latest, ...changes });
  });
}
