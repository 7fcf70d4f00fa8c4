/**
 * Which snapshot a device starts from: the newest that verifies. A snapshot that fails
 * verification (missing or changed parts, a forged manifest) is passed over with its
 * reason in words, and the next older one is tried; with none left, the device replays
 * the stream. Reads only through `SnapshotSource`, so the transport decides how manifests
 * and parts are fetched.
 */
import type { SyncOperation } from '../../domain/sync-envelope';
import type { KeyRing } from '../seal/key-ring';
import type { SyncSubjects } from '../transport/sync-subjects';
import type { SignerLookup } from '../seal/signers';
import { readManifest, type SnapshotManifest } from './snapshot-manifest';
import { unsigned } from './snapshot-signature';
import { verifySnapshot } from './verify-snapshot';

export interface SnapshotSource {
  /** The stored bytes of every manifest on the snapshots subject. */
  manifests(): Promise<readonly Uint8Array[]>;
  /** Part i's stored bytes for `partCount` parts, undefined where none is stored. */
  parts(manifest: SnapshotManifest): Promise<readonly (Uint8Array | undefined)[]>;
}

export type ChosenSnapshot =
  | { kind: 'snapshot'; manifest: SnapshotManifest; operation: SyncOperation; passedOver: string[] }
  | { kind: 'replay'; passedOver: string[] };

export async function chooseSnapshot(
  subjects: SyncSubjects,
  ring: KeyRing,
  source: SnapshotSource,
  /** Only snapshots above this sequence are of use (the device's cursor). */
  above: number,
  /** Whose key signs for which device (seal/signers.ts): this device's device list. */
  signers?: SignerLookup,
): Promise<ChosenSnapshot> {
  const passedOver: string[] = [];
  const candidates = (await source.manifests()).flatMap((bytes) => {
    const body = unsigned(bytes);
    const read =
      'problem' in body ? { ok: false as const, reason: body.problem } : readManifest(body);
    if (!read.ok) {
      passedOver.push(`A snapshot on the server was not used: ${read.reason}.`);
      return [];
    }
    return read.manifest.sequence > above ? [{ bytes, manifest: read.manifest }] : [];
  });
  candidates.sort((a, b) => b.manifest.sequence - a.manifest.sequence);
  for (const { bytes, manifest } of candidates) {
    const parts = await source.parts(manifest);
    const verified = await verifySnapshot(subjects, ring, bytes, parts, signers);
    if (verified.ok) {
      return {
        kind: 'snapshot',
        manifest: verified.manifest,
        operation: verified.operation,
        passedOver,
      };
    }
    passedOver.push(verified.reason);
  }
  return { kind: 'replay', passedOver };
}
