/**
 * Who may speak for a device: a received message is attributed to the device whose key
 * signed it, and to no other. The lookup answers from the journal's device list (and
 * always knows this device's own key); a device it does not know cannot be checked, so
 * its messages are taken as they come, as before signatures (decisions/0010).
 *
 * - signed by a known device: the signature must verify under its key, and the operation
 *   must name that device;
 * - signed by a removed device: refused, whatever the key, once the removal is known here;
 * - not signed, naming a device that signs: refused (another device may be speaking for it).
 */
import { readSigned } from './signed-message';

export type SignerStanding =
  | { kind: 'known'; key: CryptoKey; name?: string }
  | { kind: 'removed'; key: CryptoKey; name?: string; removedAt?: string }
  | { kind: 'unknown' };

export type SignerLookup = (deviceId: string) => Promise<SignerStanding>;

/** No device's key is known: signatures are taken off, never checked. */
export const NOBODY_KNOWN: SignerLookup = () => Promise.resolve({ kind: 'unknown' });

export type CheckedSignature =
  | {
      ok: true;
      body: Uint8Array;
      signedBy?: string;
      /**
       * The signed bytes as received, when their device was not known yet: its record may
       * arrive with an earlier message of the same feed, so the signature is checked again
       * when the message is judged (`attributionNow`).
       */
      unchecked?: Uint8Array;
    }
  | { ok: false; words: string };

const named = (deviceId: string, standing: SignerStanding) =>
  standing.kind !== 'unknown' && standing.name
    ? `device “${standing.name}” (${deviceId.slice(0, 8)})`
    : `device ${deviceId.slice(0, 8)}`;

/** Checks the signature of one received message and hands on its body. */
export async function checkSignature(
  subject: string,
  bytes: Uint8Array,
  lookup: SignerLookup,
): Promise<CheckedSignature> {
  const read = readSigned(subject, bytes);
  if (read.kind === 'unsigned') return { ok: true, body: bytes };
  if (read.kind === 'malformed') {
    return { ok: false, words: `Not applied: ${read.reason}.` };
  }
  const standing = await lookup(read.deviceId);
  if (standing.kind === 'unknown') return { ok: true, body: read.body, unchecked: bytes };
  const who = named(read.deviceId, standing);
  if (!(await read.verify(standing.key))) {
    return {
      ok: false,
      words: `Not applied: it says it was signed by ${who}, but the signature does not match that device's key. Another device may be trying to speak for it.`,
    };
  }
  if (standing.kind === 'removed') {
    const when = standing.removedAt ? ` on ${standing.removedAt.slice(0, 10)}` : '';
    return {
      ok: false,
      words: `Not applied: it comes from ${who}, which was removed from this journal${when}.`,
    };
  }
  return { ok: true, body: read.body, signedBy: read.deviceId };
}

/**
 * Whether a message naming `claimed` as its device may be taken as that device's, given
 * the device that verifiably signed it (`signedBy`, undefined when unsigned or unknown).
 * Undefined when it may; otherwise the words to quarantine it with.
 */
export async function attributionProblem(
  lookup: SignerLookup,
  claimed: string,
  signedBy: string | undefined,
): Promise<string | undefined> {
  if (signedBy !== undefined) {
    if (signedBy === claimed) return undefined;
    const standing = await lookup(signedBy);
    return `Not applied: it says it is from device ${claimed.slice(0, 8)}, but ${named(signedBy, standing)} signed it. A device cannot speak for another.`;
  }
  const standing = await lookup(claimed);
  if (standing.kind === 'unknown') return undefined;
  return `Not applied: it says it is from ${named(claimed, standing)}, which signs everything it sends, but it is not signed. Another device may be trying to speak for it.`;
}

/** A received message as the open step handed it on (sync-transport.ts's SyncMessage). */
export interface OpenedSignature {
  subject: string;
  signedBy?: string;
  uncheckedSignature?: Uint8Array;
}

/**
 * `attributionProblem` for a message opened earlier: a signature whose device was not known
 * then is checked now, so a device's record that arrived in between is not mistaken for
 * a device that stopped signing, and a forged signature is still refused.
 */
export async function attributionNow(
  lookup: SignerLookup,
  claimed: string,
  message: OpenedSignature,
): Promise<string | undefined> {
  let { signedBy } = message;
  if (signedBy === undefined && message.uncheckedSignature) {
    const again = await checkSignature(message.subject, message.uncheckedSignature, lookup);
    if (!again.ok) return again.words;
    signedBy = again.signedBy;
  }
  return attributionProblem(lookup, claimed, signedBy);
}

/**
 * The lookup before the journal's device list is read: this device's own key, and no
 * other. Enough that no device can speak for this one.
 */
export function ownSignerOnly(deviceId: string, publicKey: CryptoKey): SignerLookup {
  return (asked) =>
    Promise.resolve(asked === deviceId ? { kind: 'known', key: publicKey } : { kind: 'unknown' });
}
