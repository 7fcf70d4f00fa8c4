/**
 * Decide once across devices: before an operation carrying a decision is pushed, the
 * decision claims its item on the server (compare-and-set: only the first message on the
 * item's subject is stored). The claim names the decision, its verdict and its device, so
 * a device that lost learns who decided, and how. Who won is judged on what the stored
 * claim says, opened when sealed, never on its bytes: the same claim sent twice (an
 * uncertain publish retried, sealed anew or not) still counts as won.
 */
import type { SyncPushRecord } from '../../db/sync-rows';
import { canonicalJson } from '../../domain/canonical-json';
import type { ClaimMessage } from '../../domain/decision-claim';
import { claimSubjectToken, readClaimBody } from '../claims/known-claims';
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

type Claim = NonNullable<SyncPushRecord['claim']>;

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
export async function readClaimMessage(
  toSend: Pick<ClaimToSend, 'subject' | 'ring' | 'signers'>,
  bytes: Uint8Array,
): Promise<ClaimMessage | undefined> {
  const signers = toSend.signers ?? NOBODY_KNOWN;
  const checked = await checkSignature(toSend.subject, bytes, signers);
  if (!checked.ok) return undefined;
  const opened = await open(toSend.subject, toSend.ring, checked.body);
  if (opened.outcome !== 'opened' && opened.outcome !== 'plain') return undefined;
  const claim = readClaimBody(opened.plaintext);
  if (!claim) return undefined;
  const misattributed = await attributionProblem(signers, claim.deviceId, checked.signedBy);
  return misattributed ? undefined : claim;
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
  return judgeClaim(record, deviceId, await readClaimMessage(toSend, result.winner.data));
}

/**
 * Who holds the item, given the claim stored first on its subject (on the server, or as
 * this device knows it: claims/known-claims.ts). The same claim sent again is still won.
 */
export function judgeClaim(
  record: SyncPushRecord & { claim: Claim },
  deviceId: string,
  winner: ClaimMessage | undefined,
): ClaimOutcome {
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
