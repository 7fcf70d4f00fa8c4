/**
 * A device that synced before it kept the decision claims it passed (schema version 11)
 * reads them from the server once, before its feed opens and before it claims anything:
 * its list of known claims is then complete up to its cursor, as a new device's is from
 * its snapshot and feed. Compaction may remove a claim subject once a snapshot carries it
 * (decision 0011), so the sooner this runs the better; a device that fails to read them
 * tries again on its next connection, and claims nothing in between.
 */
import type { CountersignDatabase } from '../../db/database';
import type { KnownClaim } from '../../domain/decision-claim';
import { readCursor } from '../incoming/apply-incoming';
import { readClaimMessage } from '../push/decision-claims';
import type { KeyRing } from '../seal/key-ring';
import type { SignerLookup } from '../seal/signers';
import type { SnapshotServer } from '../snapshot/server-snapshot-source';
import type { SyncSubjects } from '../transport/sync-subjects';
import { claimIdOfSubject, rememberClaims } from './known-claims';

const COMPLETE_KEY = 'claimsKnown';
const READS_AT_ONCE = 16;

export interface ClaimsBackfillDeps {
  db: CountersignDatabase;
  server: SnapshotServer;
  subjects: SyncSubjects;
  ring(): Promise<KeyRing>;
  signers?: SignerLookup;
}

/** Makes this device's known claims complete up to its cursor; once per device. */
export async function backfillClaims(deps: ClaimsBackfillDeps): Promise<void> {
  const { db, server, subjects } = deps;
  if ((await db.syncState.get(COMPLETE_KEY))?.value === true) return;
  // A device with no cursor has passed no claim: its snapshot and its feed bring them all.
  const claims: KnownClaim[] = [];
  if ((await readCursor(db)) > 0) {
    const ring = await deps.ring();
    const names = await server.subjectsUnder(subjects.decisions);
    for (let first = 0; first < names.length; first += READS_AT_ONCE) {
      const read = names.slice(first, first + READS_AT_ONCE).map(async (subject) => {
        const id = claimIdOfSubject(subject);
        const stored = id ? await server.readLast(subject) : undefined;
        if (!id || !stored) return;
        const where = { subject, ring, ...(deps.signers ? { signers: deps.signers } : {}) };
        const winner = await readClaimMessage(where, stored.data);
        claims.push({ id, seq: stored.seq, ...(winner ? { winner } : {}) });
      });
      await Promise.all(read);
    }
  }
  await db.transaction('rw', db.syncClaims, db.syncState, async () => {
    await rememberClaims(db, claims);
    await db.syncState.put({ key: COMPLETE_KEY, value: true });
  });
}
