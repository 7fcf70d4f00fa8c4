/**
 * One operation id means one content, whatever order or batches its copies arrive in: the
 * first copy the stream delivers is the operation, and a later copy under the same id is
 * skipped when its content is the same and quarantined in words when it is not. Without
 * this, two contents under one id would apply differently depending on batch boundaries.
 */
import { canonicalJson, sha256Hex } from '../../domain/canonical-json';
import type { SyncEnvelope, SyncOperation } from '../../domain/sync-envelope';

export type ContentVerdict =
  { kind: 'new'; contentHash: string } | { kind: 'same' } | { kind: 'different'; reason: string };

/** SHA-256 of the operation's canonical JSON: what "the same content" means. */
export function contentHash(operation: SyncOperation): Promise<string> {
  return sha256Hex(canonicalJson(operation));
}

const differentWords = (operationId: string) =>
  `Not applied: another operation with the id ${operationId.slice(0, 12)} and different content was applied first. One id means one change, so this copy was set aside.`;

/**
 * Judges each operation of a batch against what this device applied before (`applied`:
 * operation id → its content hash, undefined for rows kept before hashes were) and the
 * operations earlier in the batch, in stream order; `hash` is the operation's
 * `contentHash`.
 */
export function oneContentPerId(applied: ReadonlyMap<string, string | undefined>) {
  const seen = new Map(applied);
  return (operation: SyncOperation, hash: string): ContentVerdict => {
    if (!seen.has(operation.operationId)) {
      seen.set(operation.operationId, hash);
      return { kind: 'new', contentHash: hash };
    }
    const first = seen.get(operation.operationId);
    return first === undefined || first === hash
      ? { kind: 'same' }
      : { kind: 'different', reason: differentWords(operation.operationId) };
  };
}

/** A second copy of a part already kept: the same is skipped, another content refused. */
export function partCopyProblem(kept: SyncEnvelope, copy: SyncEnvelope): string | undefined {
  if (canonicalJson(kept) === canonicalJson(copy)) return undefined;
  return `Not applied: part ${copy.part.index + 1} of ${copy.part.count} of operation ${copy.operationId.slice(0, 12)} arrived again with different content; the first copy is kept.`;
}
