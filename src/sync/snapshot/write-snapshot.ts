/**
 * A snapshot of the synced journal at stream sequence S, as messages to publish: the rows
 * become one operation (kind `snapshot`, every diff a row with no `before`), cut into
 * parts under the payload budget by the same `splitOperation` as any operation, each part
 * sealed by the same `seal` step on its own subject and signed by the writer; then the
 * manifest, signed too. The writer
 * publishes the parts first and the manifest last, so a manifest means its parts are there.
 */
import {
  ENVELOPE_LIMITS,
  encodeEnvelope,
  splitOperation,
  type RowDiff,
} from '../../domain/sync-envelope';
import { mergeClocks, type VectorClock } from '../../domain/vector-clock';
import type { KeyRing } from '../seal/key-ring';
import { SEAL_OVERHEAD_BYTES } from '../seal/seal-format';
import { sealWhenKeyed } from '../seal/seal';
import { signatureOverhead, type Signer } from '../seal/signed-message';
import type { SyncSubjects } from '../transport/sync-subjects';
import {
  encodeManifest,
  newSnapshotId,
  partsHash,
  type SnapshotManifest,
} from './snapshot-manifest';
import { signSnapshotMessage } from './snapshot-signature';

export const SNAPSHOT_KIND = 'snapshot';
/** A part's plaintext budget: the operations' budget less what sealing adds. */
const SNAPSHOT_PART_BUDGET_BYTES = ENVELOPE_LIMITS.defaultPartBudgetBytes - SEAL_OVERHEAD_BYTES;

export interface SnapshotRow {
  /** A synced table, or the decision claims (`CLAIMS_TABLE`). */
  readonly table: RowDiff['table'];
  readonly id: string;
  readonly row: Record<string, unknown>;
}

export interface SnapshotInput {
  /** The stream sequence the rows hold everything up to (and nothing after). */
  readonly sequence: number;
  readonly writer: string;
  readonly deviceId: string;
  readonly time: string;
  readonly rows: readonly SnapshotRow[];
  /** The writing device's signing key: every part and the manifest are signed with it. */
  readonly signer?: Signer;
}

export interface OutgoingSnapshotMessage {
  readonly subject: string;
  readonly data: Uint8Array;
}

export interface WrittenSnapshot {
  readonly manifest: SnapshotManifest;
  /** In publishing order: every part, then the manifest. */
  readonly messages: readonly OutgoingSnapshotMessage[];
}

export async function writeSnapshot(
  subjects: SyncSubjects,
  ring: KeyRing,
  input: SnapshotInput,
  budgetBytes: number = SNAPSHOT_PART_BUDGET_BYTES,
): Promise<WrittenSnapshot> {
  const snapshotId = newSnapshotId(input.sequence);
  const diffs: RowDiff[] = input.rows.map(({ table, id, row }) => ({
    table,
    id,
    before: null,
    after: row,
  }));
  const { signer } = input;
  const envelopes = splitOperation(
    {
      v: 1,
      operationId: snapshotId,
      kind: SNAPSHOT_KIND,
      deviceId: input.deviceId,
      vectorClock: input.rows.reduce<VectorClock>(
        (clock, { row }) => mergeClocks(clock, (row.vectorClock ?? {}) as VectorClock),
        {},
      ),
      time: input.time,
      diffs,
    },
    budgetBytes - (signer ? signatureOverhead(signer.deviceId) : 0),
  );
  const parts = await Promise.all(
    envelopes.map(async (envelope, index) => {
      const subject = subjects.snapshotPart(snapshotId, index);
      const data = await sealWhenKeyed(subject, ring, encodeEnvelope(envelope));
      return signSnapshotMessage({ subject, data }, signer);
    }),
  );
  const manifest: SnapshotManifest = {
    v: 1,
    snapshotId,
    sequence: input.sequence,
    partCount: parts.length,
    partsHash: await partsHash(parts.map((part) => part.data)),
    writer: input.writer,
    claims: true,
  };
  return {
    manifest,
    messages: [
      ...parts,
      await signSnapshotMessage(
        { subject: subjects.snapshotManifest(snapshotId), data: encodeManifest(manifest) },
        signer,
      ),
    ],
  };
}
