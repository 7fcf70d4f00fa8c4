/**
 * Checks a whole snapshot before anything of it is applied: the manifest parses, every
 * part is there, the parts' bytes hash to the manifest's, each part opens under its own
 * subject, parses as an envelope within the usual limits and is the part it claims to be,
 * the decision claims it carries parse and lie at or below its sequence, and its writer's
 * signatures check out (snapshot-signature.ts).
 * Any failure refuses the whole snapshot, with words; a loader then falls back to an
 * older snapshot or to replay.
 */
import {
  joinParts,
  parseEnvelope,
  type SyncEnvelope,
  type SyncOperation,
} from '../../domain/sync-envelope';
import { describeNotOpened } from '../seal/describe-open';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { open } from '../seal/seal';
import { NOBODY_KNOWN, type SignerLookup } from '../seal/signers';
import type { SyncSubjects } from '../transport/sync-subjects';
import { partsHash, readManifest, type SnapshotManifest } from './snapshot-manifest';
import { snapshotClaims } from './snapshot-claims';
import { signatureProblem, unsigned } from './snapshot-signature';
import { SNAPSHOT_KIND } from './write-snapshot';

export type VerifiedSnapshot =
  | { ok: true; manifest: SnapshotManifest; operation: SyncOperation }
  | { ok: false; reason: string };

const refuse = (why: string): VerifiedSnapshot => ({
  ok: false,
  reason: `A snapshot on the server was not used: ${why}.`,
});

/** `parts[i]` is the message stored on part i's subject, undefined when there is none. */
export async function verifySnapshot(
  subjects: SyncSubjects,
  ring: KeyRing,
  manifestBytes: Uint8Array,
  parts: readonly (Uint8Array | undefined)[],
  /** Whose key signs for which device (seal/signers.ts): this device's device list. */
  signers: SignerLookup = NOBODY_KNOWN,
): Promise<VerifiedSnapshot> {
  const manifestBody = unsigned(manifestBytes);
  if ('problem' in manifestBody) return refuse(`its manifest: ${manifestBody.problem}`);
  const read = readManifest(manifestBody);
  if (!read.ok) return refuse(read.reason);
  const { manifest } = read;
  const present = parts.slice(0, manifest.partCount).filter((part) => part !== undefined);
  if (present.length < manifest.partCount) {
    return refuse(`it has ${present.length} of its ${manifest.partCount} parts`);
  }
  if (parts.length > manifest.partCount) return refuse('it has more parts than its manifest says');
  if ((await partsHash(present)) !== manifest.partsHash) {
    return refuse('its parts are not the ones its manifest was written for (changed or replaced)');
  }
  const envelopes: SyncEnvelope[] = [];
  for (const [index, bytes] of present.entries()) {
    const body = unsigned(bytes);
    if ('problem' in body) return refuse(`part ${index + 1}: ${body.problem}`);
    const opened = await open(subjects.snapshotPart(manifest.snapshotId, index), ring, body);
    if (opened.outcome === 'plain' && newestKey(ring)) {
      return refuse(`part ${index + 1} is not sealed, and this journal is encrypted`);
    }
    if (opened.outcome !== 'opened' && opened.outcome !== 'plain') {
      return refuse(`part ${index + 1}: ${describeNotOpened(opened)}`);
    }
    const parsed = parseEnvelope(opened.plaintext);
    if (!parsed.ok) return refuse(`part ${index + 1}: ${parsed.reason}`);
    const { envelope } = parsed;
    if (
      envelope.kind !== SNAPSHOT_KIND ||
      envelope.operationId !== manifest.snapshotId ||
      envelope.part.index !== index ||
      envelope.part.count !== manifest.partCount
    ) {
      return refuse(`part ${index + 1} belongs to another snapshot or place`);
    }
    envelopes.push(envelope);
  }
  const joined = joinParts(envelopes);
  if (!joined.ok) return refuse(joined.reason);
  const claims = snapshotClaims(joined.operation, manifest.sequence);
  if (!claims.ok) return refuse(claims.reason);
  const stored = [
    { subject: subjects.snapshotManifest(manifest.snapshotId), data: manifestBytes },
    ...present.map((data, index) => ({
      subject: subjects.snapshotPart(manifest.snapshotId, index),
      data,
    })),
  ];
  const encrypted = newestKey(ring) !== undefined;
  const problem = await signatureProblem(
    signers,
    manifest.writer,
    encrypted,
    stored,
    joined.operation,
  );
  if (problem) return refuse(problem);
  return { ok: true, manifest, operation: joined.operation };
}
