/** For the snapshot choosers' tests: snapshots as the server stores them, read as a loader does. */
import type { SyncSubjects } from '../transport/sync-subjects';
import type { SnapshotSource } from './choose-snapshot';
import type { SnapshotManifest } from './snapshot-manifest';
import type { WrittenSnapshot } from './write-snapshot';

/** Each subject's bytes, as the snapshots were published. */
export const store = (...snapshots: WrittenSnapshot[]) =>
  new Map(
    snapshots.flatMap((written) => written.messages.map((m) => [m.subject, m.data] as const)),
  );

/** The server as a loader sees it: `stored` maps each subject to its bytes. */
export function sourceOf(subjects: SyncSubjects, stored: Map<string, Uint8Array>): SnapshotSource {
  return {
    manifests: async () =>
      [...stored]
        .filter(([subject]) => subject.startsWith(subjects.snapshotManifests.replace(/\*$/, '')))
        .map(([, data]) => data),
    parts: async (manifest: SnapshotManifest) =>
      Array.from({ length: manifest.partCount }, (_, index) =>
        stored.get(subjects.snapshotPart(manifest.snapshotId, index)),
      ),
  };
}
