/**
 * What snapshots need from the sync server besides operations: publishing a part or a
 * manifest once on its own subject, and listing the subjects under a filter (the
 * manifests on the server). Reading one stored message is `SyncTransport.readLast`.
 */
import type { PublishReceipt } from './sync-transport';

export interface SnapshotTransport {
  /**
   * Publishes `data` on `subject` only if nothing is stored there yet (message id = the
   * subject, so a retry is recognised); a second copy answers `already-landed`.
   */
  publishOnce(subject: string, data: Uint8Array): Promise<PublishReceipt>;
  /** The subjects of the person's stream matching `filter` that hold a message. */
  subjectsUnder(filter: string): Promise<string[]>;
}
