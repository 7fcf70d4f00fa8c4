/**
 * Snapshots are signed like every other message a device publishes (seal/signed-message.ts):
 * each part around its sealed (or plain) bytes, and the manifest, by the device that wrote
 * it (the manifest's `writer`). The parts' hash covers the signed bytes as stored.
 *
 * Before a snapshot is used, every signature is checked against the writer's key: from
 * this device's device list, or, for a writer the list does not know yet (a new device
 * knows only itself; a device below the compaction watermark missed later joins), from the
 * writer's own record inside the snapshot, which must not say it was removed. Refused:
 * a writer removed here or in the snapshot, a writer with no record anywhere, a signature
 * that does not verify, a part signed by another device, and, once the journal is
 * encrypted, an unsigned manifest or part (an older app's snapshot is then passed over;
 * the device falls back to another snapshot or the stream).
 */
import type { SyncOperation } from '../../domain/sync-envelope';
import { importDevicePublicKey } from '../seal/device-keys';
import { readSigned, signMessage, type Signer } from '../seal/signed-message';
import type { SignerLookup, SignerStanding } from '../seal/signers';

export interface SignedSnapshotMessage {
  readonly subject: string;
  readonly data: Uint8Array;
}

export async function signSnapshotMessage(
  message: SignedSnapshotMessage,
  signer: Signer | undefined,
): Promise<SignedSnapshotMessage> {
  if (!signer) return message;
  return {
    subject: message.subject,
    data: await signMessage(message.subject, signer, message.data),
  };
}

/** A stored manifest or part with its signature taken off (not checked: see `signatureProblem`). */
export function unsigned(bytes: Uint8Array): Uint8Array | { problem: string } {
  const read = readSigned('', bytes);
  if (read.kind === 'malformed') return { problem: read.reason };
  return read.kind === 'signed' ? read.body : bytes;
}

/** The writer's standing, from this device's list or else its record in the snapshot. */
async function writerStanding(
  lookup: SignerLookup,
  writer: string,
  operation: SyncOperation,
): Promise<SignerStanding> {
  const listed = await lookup(writer);
  if (listed.kind !== 'unknown') return listed;
  const own = operation.diffs.find((diff) => diff.table === 'devices' && diff.id === writer)?.after;
  if (!own || own.deletedAt !== undefined) return { kind: 'unknown' };
  const imported = await importDevicePublicKey(
    'signing',
    (own.keys as { signing?: unknown })?.signing,
  );
  if (!imported.ok) return { kind: 'unknown' };
  const name = typeof own.name === 'string' ? { name: own.name } : {};
  return own.removed === undefined
    ? { kind: 'known', key: imported.key, ...name }
    : { kind: 'removed', key: imported.key, ...name };
}

/**
 * Words when the snapshot's signatures do not let it be used; undefined when they do.
 * `stored` is every message as stored: the manifest first, then the parts.
 */
export async function signatureProblem(
  lookup: SignerLookup,
  writer: string,
  encrypted: boolean,
  stored: readonly SignedSnapshotMessage[],
  operation: SyncOperation,
): Promise<string | undefined> {
  const reads = stored.map((message) => readSigned(message.subject, message.data));
  const name = (index: number) => (index === 0 ? 'its manifest' : `part ${index}`);
  const unsignedAt = reads.findIndex((read) => read.kind !== 'signed');
  if (unsignedAt === -1) {
    const standing = await writerStanding(lookup, writer, operation);
    if (standing.kind === 'unknown') {
      return `it was written by device ${writer.slice(0, 8)}, which is not one of this journal's devices`;
    }
    const who = standing.name ? `“${standing.name}”` : writer.slice(0, 8);
    if (standing.kind === 'removed')
      return `it was written by ${who}, a device removed from this journal`;
    for (const [index, read] of reads.entries()) {
      if (read.kind !== 'signed') continue;
      if (read.deviceId !== writer)
        return `${name(index)} was signed by another device than its writer`;
      if (!(await read.verify(standing.key))) {
        return `${name(index)}'s signature does not match ${who}'s key (changed, or written by another device)`;
      }
    }
    return undefined;
  }
  if (encrypted) return `${name(unsignedAt)} is not signed, and this journal is encrypted`;
  // A plain journal's snapshot from before signatures: all unsigned, or not used.
  return reads.some((read) => read.kind === 'signed') ? 'it is signed only in part' : undefined;
}
