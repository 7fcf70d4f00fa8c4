/**
 * "Already on the server" counts as landed only when what the server holds under the
 * operation's message id is this operation: the same bytes, or, opened, the same content
 * from this device (signed by it, or unsigned from before signatures). A predictable id
 * can be taken first by another device with other content; counting that as landed would
 * lose the person's change without a word.
 */
import { canonicalJson } from '../../domain/canonical-json';
import type { Sealing } from './seal-once';
import { open } from '../seal/seal';
import { readSigned } from '../seal/signed-message';
import { checkSignature, NOBODY_KNOWN } from '../seal/signers';
import type { SyncTransport } from '../transport/sync-transport';
import type { OutgoingMessage } from '../wire/outgoing-messages';

export interface StoredCopyCheck {
  /** What the server holds under `messageId`, if anything. */
  stored(messageId: string): Promise<Uint8Array | undefined>;
  /** True when `stored` is `outgoing` itself, as this device sent it. */
  same(outgoing: OutgoingMessage, stored: Uint8Array): Promise<boolean>;
}

function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  return left.byteLength === right.byteLength && left.every((byte, index) => byte === right[index]);
}

export function storedCopyCheck(
  readLast: () => Pick<SyncTransport, 'readLast'>,
  sealing: Sealing,
  deviceId: () => string,
): StoredCopyCheck {
  /** The content as canonical JSON, when it is this device's (or unsigned) and opens. */
  const content = async (subject: string, bytes: Uint8Array): Promise<string | undefined> => {
    const signed = readSigned(subject, bytes);
    if (signed.kind === 'malformed') return undefined;
    if (signed.kind === 'signed' && signed.deviceId !== deviceId()) return undefined;
    const checked = await checkSignature(subject, bytes, sealing.signers ?? NOBODY_KNOWN);
    if (!checked.ok) return undefined;
    const opened = await open(subject, await sealing.ring(), checked.body);
    if (opened.outcome !== 'opened' && opened.outcome !== 'plain') return undefined;
    try {
      return canonicalJson(JSON.parse(new TextDecoder().decode(opened.plaintext)));
    } catch {
      return undefined;
    }
  };
  return {
    async stored(messageId) {
      return (await readLast().readLast(sealing.subjects.operation(messageId)))?.data;
    },
    async same(outgoing, stored) {
      if (sameBytes(outgoing.data, stored)) return true;
      const subject = sealing.subjects.operation(outgoing.messageId);
      const [mine, theirs] = await Promise.all([
        content(subject, outgoing.data),
        content(subject, stored),
      ]);
      return mine !== undefined && mine === theirs;
    },
  };
}

/** The words for a push whose place on the server another message took. */
export function takenWords(operationId: string): string {
  return (
    `Another message with different content already holds this change's place on the server ` +
    `(operation ${operationId.slice(0, 12)}), so it was not sent. Another device may have taken ` +
    `its id: tell whoever runs the server, and make the change again.`
  );
}
