/** Verifies a written snapshot as a loader reading it back from the stream would. */
import type { KeyRing } from '../../src/sync/seal/key-ring';
import { verifySnapshot } from '../../src/sync/snapshot/verify-snapshot';
import type { WrittenSnapshot } from '../../src/sync/snapshot/write-snapshot';
import type { SyncSubjects } from '../../src/sync/transport/sync-subjects';

export async function verifyWritten(
  subjects: SyncSubjects,
  ring: KeyRing,
  written: WrittenSnapshot,
) {
  const verified = await verifySnapshot(
    subjects,
    ring,
    written.messages.at(-1)!.data,
    written.messages.slice(0, -1).map((message) => message.data),
  );
  if (!verified.ok) throw new Error(verified.reason);
  return verified;
}
