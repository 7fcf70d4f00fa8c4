/**
 * The snapshots on the sync server, as `chooseSnapshot` reads them: the manifests under
 * `cs.<user>.snapshots.*` (newest first, a few at most), and a snapshot's parts fetched
 * one by one by direct get, with progress, so a large journal never asks the server for
 * everything in one request.
 */
import type { SnapshotTransport } from '../transport/snapshot-transport';
import type { SyncSubjects } from '../transport/sync-subjects';
import type { StoredClaim } from '../transport/sync-transport';
import type { SnapshotSource } from './choose-snapshot';

/** Manifests read per choice: the newest few; older ones are compacted away anyway. */
const MANIFESTS_READ = 6;

export interface SnapshotServer extends Pick<SnapshotTransport, 'subjectsUnder'> {
  readLast(subject: string): Promise<StoredClaim | undefined>;
}

const sequenceOf = (subject: string) => Number(/\.s(\d+)-[^.]*$/.exec(subject)?.[1] ?? -1);

export function serverSnapshotSource(
  server: SnapshotServer,
  subjects: SyncSubjects,
  onPart?: (fetched: number, total: number) => void,
): SnapshotSource & { newestSequence(): Promise<number> } {
  const manifestSubjects = async () =>
    (await server.subjectsUnder(subjects.snapshotManifests))
      .sort((a, b) => sequenceOf(b) - sequenceOf(a))
      .slice(0, MANIFESTS_READ);
  return {
    async manifests() {
      const stored = await Promise.all((await manifestSubjects()).map(server.readLast));
      return stored.flatMap((message) => (message ? [message.data] : []));
    },
    async parts(manifest) {
      const parts: (Uint8Array | undefined)[] = [];
      for (let index = 0; index < manifest.partCount; index++) {
        const stored = await server.readLast(subjects.snapshotPart(manifest.snapshotId, index));
        parts.push(stored?.data);
        onPart?.(index + 1, manifest.partCount);
      }
      return parts;
    },
    /** The sequence of the newest snapshot named on the server (0 when there is none). */
    async newestSequence() {
      return Math.max(0, ...(await manifestSubjects()).map(sequenceOf));
    },
  };
}
