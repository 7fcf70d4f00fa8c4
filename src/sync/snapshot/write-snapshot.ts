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
  diffBytes,
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
import { timeSlice, yieldToMain } from '../../lib/yield-to-main';

export const SNAPSHOT_KIND = 'snapshot';
/** A part's plaintext budget: the operations' budget less what sealing adds. */
const SNAPSHOT_PART_BUDGET_BYTES = ENVELOPE_LIMITS.defaultPartBudgetBytes - SEAL_OVERHEAD_BYTES;
/** The page's time one slice of writing takes before it gives the page a turn. */
const SLICE_MS = 20;
/** And the rows it measures at most in one, however fast the device. */
export const ROWS_PER_TURN = 2_000;

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
  const { signer } = input;
  // A journal's rows are measured and encoded in slices of the page's time: in one piece,
  // a snapshot of thousands of rows held the page for hundreds of milliseconds.
  const slice = timeSlice(SLICE_MS);
  let rowsThisTurn = 0;
  const turn = async () => {
    if (!slice.due() && ++rowsThisTurn < ROWS_PER_TURN) return;
    await yieldToMain();
    slice.restart();
    rowsThisTurn = 0;
  };
  const diffs: RowDiff[] = [];
  const sizes: number[] = [];
  let vectorClock: VectorClock = {};
  for (const { table, id, row } of input.rows) {
    await turn();
    const diff: RowDiff = { table, id, before: null, after: row };
    diffs.push(diff);
    sizes.push(diffBytes(diff));
    vectorClock = mergeClocks(vectorClock, (row.vectorClock ?? {}) as VectorClock);
  }
  const envelopes = splitOperation(
    {
      v: 1,
      operationId: snapshotId,
      kind: SNAPSHOT_KIND,
      deviceId: input.deviceId,
      vectorClock,
      time: input.time,
      diffs,
    },
    budgetBytes - (signer ? signatureOverhead(signer.deviceId) : 0),
    sizes,
  );
  const sealing: Promise<OutgoingSnapshotMessage>[] = [];
  for (const [index, envelope] of envelopes.entries()) {
    await turn();
    const subject = subjects.snapshotPart(snapshotId, index);
    const encoded = encodeEnvelope(envelope);
    const part = sealWhenKeyed(subject, ring, encoded).then((data) =>
      signSnapshotMessage({ subject, data }, signer),
    );
    // Awaited below with the others; a failure meanwhile is not unhandled.
    part.catch(() => undefined);
    sealing.push(part);
  }
  const parts = await Promise.all(sealing);
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
