/**
 * Decide once across devices: before an operation carrying a decision is pushed, the
 * decision claims its item on the server (compare-and-set: only the first message on the
 * item's subject is stored). The claim names the decision, its verdict and its device, so
 * a device that lost learns who decided, and how. Who won is judged on what the stored
 * claim says, opened when sealed, never on its bytes: the same claim sent twice (an
 * uncertain publish retried, sealed anew or not) still counts as won.
 */
import { z } from 'zod';
import type { SyncPushRecord } from '../../db/sync-rows';
import { canonicalJson } from '../../domain/canonical-json';
import type { KeyRing } from '../seal/key-ring';
import { open } from '../seal/seal';
import {
  attributionProblem,
  checkSignature,
  NOBODY_KNOWN,
  type SignerLookup,
} from '../seal/signers';
import type { SyncSubjects } from '../transport/sync-subjects';
import type { SyncTransport } from '../transport/sync-transport';

const claimMessageSchema = z.object({
  decisionId: z.string(),
  verdict: z.enum(['confirmed', 'rejected']),
  deviceId: z.string().max(100),
  operationId: z.string(),
});
export type ClaimMessage = z.infer<typeof claimMessageSchema>;

type Claim = NonNullable<SyncPushRecord['claim']>;

/**
 * The change-set token of the claim's subject: the set id for the item's first decision,
 * `<set id>-r<round>` after earlier decisions were undone (each round has its own subject,
 * since a subject keeps its first message forever).
 */
function claimSubjectToken(claim: Claim): string {
  return claim.round === 0 ? claim.changeSetId : `${claim.changeSetId}-r${claim.round}`;
}

export function claimSubject(subjects: SyncSubjects, claim: Claim): string {
  return subjects.decision(claimSubjectToken(claim), claim.itemIndex);
}

export function claimBytes(claim: Claim, deviceId: string, operationId: string): Uint8Array {
  const message: ClaimMessage = {
    decisionId: claim.decisionId,
    verdict: claim.verdict,
    deviceId,
    operationId,
  };
  return new TextEncoder().encode(canonicalJson(message));
}

/**
 * The winner's claim as sent; undefined when it is not a claim this app can read, or its
 * signature does not let it speak for the device it names.
 */
async function readClaimMessage(
  toSend: ClaimToSend,
  bytes: Uint8Array,
): Promise<ClaimMessage | undefined> {
  const signers = toSend.signers ?? NOBODY_KNOWN;
  const checked = await checkSignature(toSend.subject, bytes, signers);
  if (!checked.ok) return undefined;
  const opened = await open(toSend.subject, toSend.ring, checked.body);
  if (opened.outcome !== 'opened' && opened.outcome !== 'plain') return undefined;
  try {
    const parsed = claimMessageSchema.safeParse(
      JSON.parse(new TextDecoder().decode(opened.plaintext)),
    );
    if (!parsed.success) return undefined;
    const misattributed = await attributionProblem(signers, parsed.data.deviceId, checked.signedBy);
    return misattributed ? undefined : parsed.data;
  } catch {
    return undefined;
  }
}

export type ClaimOutcome = { outcome: 'won' } | { outcome: 'lost'; winner: ClaimMessage };

export interface ClaimToSend {
  /** The bytes to send: plain, or as first sealed (seal-once.ts). */
  bytes: Uint8Array;
  subject: string;
  ring: KeyRing;
  signers?: SignerLookup;
}

/** Claims the record's decision. Rejects with the transport's error when the server cannot tell. */
export async function claimDecision(
  transport: Pick<SyncTransport, 'claimDecision'>,
  record: SyncPushRecord & { claim: Claim },
  deviceId: string,
  toSend: ClaimToSend,
): Promise<ClaimOutcome> {
  const result = await transport.claimDecision(
    claimSubjectToken(record.claim),
    record.claim.itemIndex,
    toSend.bytes,
  );
  if (result.outcome === 'won') return { outcome: 'won' };
  const winner = await readClaimMessage(toSend, result.winner.data);
  if (
    winner?.decisionId === record.claim.decisionId &&
    winner.verdict === record.claim.verdict &&
    winner.deviceId === deviceId &&
    winner.operationId === record.operationId
  ) {
    return { outcome: 'won' };
  }
  // A claim this app cannot read still took the item: the other verdict is the safe guess.
  return {
    outcome: 'lost',
    winner: winner ?? {
      decisionId: '',
      verdict: record.claim.verdict === 'confirmed' ? 'rejected' : 'confirmed',
      deviceId: 'unknown',
      operationId: '',
    },
  };
}
