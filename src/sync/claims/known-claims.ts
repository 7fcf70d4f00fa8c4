/**
 * The decision claims this device knows (`syncClaims`; decision 0011): each claim
 * subject's first message, as the feed passed it, a snapshot carried it, or the server
 * held it when this device first looked. Compaction removes claim subjects below its
 * watermark, and on nats-server 2.9 a purged subject takes a new first message: so a
 * device asks this list before the server, and a claim it knows is decided here, never
 * won a second time. The list is complete up to the device's cursor: every claim at or
 * below it was in the feed, the snapshot it started from, or the server's copy.
 */
import type { CountersignDatabase } from '../../db/database';
import {
  claimMessageSchema,
  type ClaimMessage,
  type DecisionClaim,
  type KnownClaim,
} from '../../domain/decision-claim';

const CLAIM_ID = /\.decisions\.([A-Za-z0-9_-]{1,128}\.\d{1,16})$/;

/** The claim id (`<change set token>.<item index>`) a decision subject carries, if it is one. */
export function claimIdOfSubject(subject: string): string | undefined {
  return CLAIM_ID.exec(subject)?.[1];
}

/**
 * The change-set token of a claim's subject: the set id for the item's first decision,
 * `<set id>-r<round>` after earlier decisions were undone (each round has its own subject,
 * since a subject keeps its first message forever).
 */
export function claimSubjectToken(claim: DecisionClaim & { round: number }): string {
  return claim.round === 0 ? claim.changeSetId : `${claim.changeSetId}-r${claim.round}`;
}

export function claimIdOf(claim: DecisionClaim & { round: number }): string {
  return `${claimSubjectToken(claim)}.${claim.itemIndex}`;
}

/** What a claim's opened body says, when it is a claim this app can read. */
export function readClaimBody(plaintext: Uint8Array): ClaimMessage | undefined {
  try {
    const parsed = claimMessageSchema.safeParse(JSON.parse(new TextDecoder().decode(plaintext)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps claims this device learnt; the first one known for a subject stands, as the
 * server's first message does. Call inside a transaction that includes `syncClaims`.
 */
export async function rememberClaims(
  db: CountersignDatabase,
  claims: readonly KnownClaim[],
): Promise<void> {
  if (claims.length === 0) return;
  const stored = await db.syncClaims.bulkGet(claims.map((claim) => claim.id));
  const fresh = new Map<string, KnownClaim>();
  claims.forEach((claim, index) => {
    if (!stored[index] && !fresh.has(claim.id)) fresh.set(claim.id, claim);
  });
  if (fresh.size > 0) await db.syncClaims.bulkPut([...fresh.values()]);
}
