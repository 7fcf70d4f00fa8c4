/**
 * The decision claims a snapshot carries (decision 0011): rows of table `decisionClaims`
 * in its one operation, each a claim stored on the server at or below the snapshot's
 * sequence. Checked with zod before anything is applied; a claim that does not parse, or
 * lies above S, refuses the whole snapshot as any other bad row would.
 */
import { knownClaimSchema, type KnownClaim } from '../../domain/decision-claim';
import { CLAIMS_TABLE, type SyncOperation } from '../../domain/sync-envelope';

export type SnapshotClaims = { ok: true; claims: KnownClaim[] } | { ok: false; reason: string };

export function snapshotClaims(operation: SyncOperation, sequence: number): SnapshotClaims {
  const claims: KnownClaim[] = [];
  for (const diff of operation.diffs) {
    if (diff.table !== CLAIMS_TABLE) continue;
    const parsed = knownClaimSchema.safeParse(diff.after);
    if (!parsed.success || parsed.data.id !== diff.id) {
      return { ok: false, reason: `its decision claim ${diff.id.slice(0, 60)} is not valid` };
    }
    if (parsed.data.seq > sequence) {
      return { ok: false, reason: `it carries a decision claim stored after its sequence` };
    }
    claims.push(parsed.data);
  }
  return { ok: true, claims };
}
