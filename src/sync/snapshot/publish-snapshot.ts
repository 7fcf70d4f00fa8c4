/**
 * Writes a snapshot of this device's synced journal and publishes it: every part on its
 * own subject first, the manifest last, so a manifest on the server means its parts are
 * there. A writer that dies half way leaves parts without a manifest, which no loader
 * lists and the operator's compaction removes. Two devices writing at once publish two
 * snapshots under different ids; either serves.
 */
import type { CountersignDatabase } from '../../db/database';
import type { KeyRing } from '../seal/key-ring';
import type { Signer } from '../seal/signed-message';
import type { SnapshotTransport } from '../transport/snapshot-transport';
import type { SyncSubjects } from '../transport/sync-subjects';
import type { SnapshotManifest } from './snapshot-manifest';
import { readSnapshotRows } from './snapshot-rows';
import { writeSnapshot } from './write-snapshot';

export interface PublishSnapshotDeps {
  db: CountersignDatabase;
  deviceId: string;
  subjects: SyncSubjects;
  server: Pick<SnapshotTransport, 'publishOnce'>;
  ring(): Promise<KeyRing>;
  /** This device's signing key; none (tests, a device without keys): the snapshot goes unsigned. */
  signer?(): Promise<Signer | undefined>;
  now(): string;
  /** A part's plaintext budget (the server's payload limit may be under the default). */
  budgetBytes?: number;
}

export type PublishedSnapshot =
  { ok: true; manifest: SnapshotManifest; rows: number } | { ok: false; reason: string };

export async function publishSnapshot(deps: PublishSnapshotDeps): Promise<PublishedSnapshot> {
  const read = await readSnapshotRows(deps.db);
  if (!read.ok) return read;
  if (read.sequence === 0) {
    return {
      ok: false,
      reason: 'Nothing of this journal is on the server yet, so there is nothing to snapshot.',
    };
  }
  const signer = await deps.signer?.();
  const written = await writeSnapshot(
    deps.subjects,
    await deps.ring(),
    {
      sequence: read.sequence,
      writer: deps.deviceId,
      deviceId: deps.deviceId,
      time: deps.now(),
      rows: read.rows,
      ...(signer ? { signer } : {}),
    },
    ...(deps.budgetBytes === undefined ? [] : [deps.budgetBytes]),
  );
  for (const message of written.messages)
    await deps.server.publishOnce(message.subject, message.data);
  return { ok: true, manifest: written.manifest, rows: read.rows.length };
}
