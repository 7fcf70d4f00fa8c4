/**
 * A snapshot's manifest: what a loader needs to find and check the parts, on a readable
 * subject, and nothing of the journal. The snapshot id starts with the stream sequence it
 * was taken at (`s<S>-<token>`), and each part's subject carries the id: a part sealed for
 * one snapshot cannot be moved under another manifest or another sequence.
 */
import { z } from 'zod';
import { canonicalJson } from '../../domain/canonical-json';
import { ENVELOPE_LIMITS } from '../../domain/sync-envelope';
import { concatBytes, randomBytes, toHex } from '../seal/bytes';

const MANIFEST_VERSION = 1;
const MAX_MANIFEST_BYTES = 4 * 1024;
const SNAPSHOT_ID = /^s(0|[1-9]\d{0,15})-[a-z0-9]{8,32}$/;

export const snapshotManifestSchema = z.object({
  v: z.literal(MANIFEST_VERSION),
  snapshotId: z.string().regex(SNAPSHOT_ID, 'A snapshot id is s<sequence>-<token>.'),
  /** The stream sequence the snapshot holds everything up to. */
  sequence: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  partCount: z.number().int().min(1).max(ENVELOPE_LIMITS.maxParts),
  /** SHA-256, hex, over the parts' bytes as stored (sealed), each preceded by its length. */
  partsHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The writer's device token (as in its progress reports), not its name. */
  writer: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /**
   * The snapshot carries the decision claims up to S (snapshot-claims.ts): the operator's
   * compaction removes claim subjects only below a base that says so. Missing in snapshots
   * written before claims were carried.
   */
  claims: z.literal(true).optional(),
});
export type SnapshotManifest = z.infer<typeof snapshotManifestSchema>;

export function newSnapshotId(sequence: number): string {
  return `s${sequence}-${toHex(randomBytes(8))}`;
}

function sequenceOfSnapshotId(snapshotId: string): number | undefined {
  const match = SNAPSHOT_ID.exec(snapshotId);
  return match ? Number(match[1]) : undefined;
}

export function encodeManifest(manifest: SnapshotManifest): Uint8Array {
  return new TextEncoder().encode(canonicalJson(manifest));
}

export type ReadManifest = { ok: true; manifest: SnapshotManifest } | { ok: false; reason: string };

export function readManifest(bytes: Uint8Array): ReadManifest {
  if (bytes.byteLength > MAX_MANIFEST_BYTES) {
    return {
      ok: false,
      reason: `its manifest has ${bytes.byteLength} bytes, over ${MAX_MANIFEST_BYTES}`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: 'its manifest is not JSON text' };
  }
  const parsed = snapshotManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `its manifest is not valid (${issue?.path.join('.') || 'manifest'}: ${issue?.message})`,
    };
  }
  if (sequenceOfSnapshotId(parsed.data.snapshotId) !== parsed.data.sequence) {
    return { ok: false, reason: 'its manifest names a sequence its id does not' };
  }
  return { ok: true, manifest: parsed.data };
}

export async function partsHash(parts: readonly Uint8Array[]): Promise<string> {
  const framed = parts.flatMap((part) => {
    const length = new DataView(new ArrayBuffer(4));
    length.setUint32(0, part.byteLength);
    return [new Uint8Array(length.buffer), part];
  });
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', concatBytes(...framed))));
}
