/**
 * A wake in this tab when sync is set up (decisions/0014): connected, it claims its task
 * through the same wrapper as the agent device before it reads anything, and does not
 * start while another device holds the claim. Offline (or when the claim cannot reach the
 * server), an automatic wake is skipped, since a device that cannot claim does not wake by
 * itself; a wake the person asked for runs here unclaimed, and its proposals sync later.
 */
import type { WakeOutcome } from '../../agent/run-wake';
import type { CountersignDatabase } from '../../db/database';
import { readDeviceName } from '../../db/queries/device-name';
import { AFTER_EVERYTHING, readTaskTrigger } from '../../db/queries/task-trigger';
import { readSyncStatus } from '../../db/sync-connection';
import { notStartedWords, wakeUnderClaim } from '../../sync/claims/claimed-wake';
import type { ClaimsConnection } from '../../sync/claims/claims-connection';
import { readCursor } from '../../sync/incoming/apply-incoming';
import { tabClaims } from './tab-claims';
import type { WakeReason } from './wake-progress-store';

export type ClaimedHere =
  | { kind: 'ran'; outcome: WakeOutcome }
  /** Another device holds the task: these words say who. */
  | { kind: 'held'; words: string }
  /** An automatic wake that could not claim: nothing happened. */
  | { kind: 'skipped' }
  /** A wake the person asked for that could not claim: run it here, unclaimed. */
  | { kind: 'unclaimed' };

export async function wakeClaimedHere(
  db: CountersignDatabase,
  stored: unknown,
  taskId: string,
  reason: WakeReason,
  wake: (signal: AbortSignal, turn: (turn: number) => void) => Promise<WakeOutcome>,
  /** For tests in Node: the connection (the tab's own otherwise). */
  connection: () => Promise<ClaimsConnection | undefined> = () => tabClaims(db, stored),
): Promise<ClaimedHere> {
  const cannotClaim: ClaimedHere =
    reason === 'automatic' ? { kind: 'skipped' } : { kind: 'unclaimed' };
  const connected = (await readSyncStatus(db))?.phase === 'connected';
  const claims = connected ? await connection() : undefined;
  if (!claims) return cannotClaim;
  const claimed = await wakeUnderClaim(
    {
      claims: claims.claims,
      progress: claims.progress,
      outcome: claims.outcome,
      taskId,
      // The person asked: only a wake working now stops it, never one done before.
      trigger: reason === 'manual' ? AFTER_EVERYTHING : await readTaskTrigger(db, taskId),
      covers: await readCursor(db),
    },
    wake,
  );
  if (claimed.started) return { kind: 'ran', outcome: claimed.result };
  if (claimed.why === 'held') {
    const name = await readDeviceName(db, claimed.holder);
    return { kind: 'held', words: notStartedWords(claimed.state, name) };
  }
  return cannotClaim;
}
