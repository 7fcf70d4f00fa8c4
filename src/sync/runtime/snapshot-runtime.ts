/**
 * The sync runtime's snapshots: the bootstrap before the feed opens (a new device, or one
 * below the compaction watermark), the automatic writer past the threshold, and "Write a
 * snapshot now", whose state every tab reads in Settings → Sync.
 */
import type { CountersignDatabase } from '../../db/database';
import { writeSnapshotWriteState } from '../../db/sync-settings';
import { ENVELOPE_LIMITS } from '../../domain/sync-envelope';
import type { KeyRing } from '../seal/key-ring';
import type { Signer } from '../seal/signed-message';
import type { SignerLookup } from '../seal/signers';
import { SEAL_OVERHEAD_BYTES } from '../seal/seal-format';
import { bootstrapFromSnapshot, type Bootstrap } from '../snapshot/bootstrap';
import { publishSnapshot } from '../snapshot/publish-snapshot';
import { serverSnapshotSource, type SnapshotServer } from '../snapshot/server-snapshot-source';
import { snapshotSchedule } from '../snapshot/snapshot-schedule';
import type { SnapshotTransport } from '../transport/snapshot-transport';
import type { SyncSubjects } from '../transport/sync-subjects';

export interface SnapshotRuntimeDeps {
  db: CountersignDatabase;
  deviceId(): string;
  subjects(): SyncSubjects;
  server(): SnapshotServer & SnapshotTransport & { readonly maxPayload: number | undefined };
  ring(): Promise<KeyRing>;
  /** Signs what this device writes, and checks what others wrote (seal/signers.ts). */
  signer?(): Promise<Signer | undefined>;
  signers?: SignerLookup;
  nowMs(): number;
  progress(short: string, long: string): void;
  /** Every snapshot write runs between the runtime's other tasks. */
  serialize<T>(task: () => Promise<T>): Promise<T>;
  /** Settles this device's decisions a loaded snapshot's claims decide. */
  settleClaims(): Promise<void>;
  /** Resolves once the runtime follows the stream (or has waited long enough for it). */
  following(): Promise<void>;
}

export interface SnapshotRuntime {
  bootstrap(): Promise<Bootstrap>;
  applied(cursor: number, catchingUp: boolean): void;
  /** Writes and publishes a snapshot now; the outcome is in the stored state, in words. */
  writeNow(): Promise<void>;
}

export function snapshotRuntime(deps: SnapshotRuntimeDeps): SnapshotRuntime {
  const { db } = deps;
  const now = () => new Date(deps.nowMs()).toISOString();
  let writing: Promise<void> | undefined;

  const write = async () => {
    await writeSnapshotWriteState(db, { state: 'writing', at: now() });
    try {
      // Asked for as a page opens, the connection may still be on its way.
      await deps.following();
      const server = deps.server();
      const limit = server.maxPayload ?? ENVELOPE_LIMITS.maxMessageBytes;
      const published = await deps.serialize(() =>
        publishSnapshot({
          db,
          deviceId: deps.deviceId(),
          subjects: deps.subjects(),
          server,
          ring: deps.ring,
          ...(deps.signer ? { signer: deps.signer } : {}),
          now,
          budgetBytes:
            Math.min(ENVELOPE_LIMITS.defaultPartBudgetBytes, Math.floor(limit * 0.9)) -
            SEAL_OVERHEAD_BYTES,
        }),
      );
      if (published.ok) schedule.known(published.manifest.sequence);
      await writeSnapshotWriteState(
        db,
        published.ok
          ? {
              state: 'written',
              at: now(),
              sequence: published.manifest.sequence,
              rows: published.rows,
            }
          : { state: 'failed', at: now(), reason: published.reason },
      );
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      await writeSnapshotWriteState(db, {
        state: 'failed',
        at: now(),
        reason: `The snapshot could not be sent: ${why} Nothing of it is used until it is whole; try again.`,
      });
    }
  };

  const writeNow = () => {
    writing ??= write().finally(() => {
      writing = undefined;
    });
    return writing;
  };

  const schedule = snapshotSchedule({
    newestOnServer: () => serverSnapshotSource(deps.server(), deps.subjects()).newestSequence(),
    write: writeNow,
    nowMs: deps.nowMs,
  });

  return {
    async bootstrap() {
      const outcome = await bootstrapFromSnapshot({
        db,
        deviceId: deps.deviceId(),
        subjects: deps.subjects(),
        server: deps.server(),
        ring: deps.ring,
        ...(deps.signers ? { signers: deps.signers } : {}),
        now,
        progress: deps.progress,
        settleClaims: deps.settleClaims,
      });
      return outcome;
    },
    applied: (cursor, catchingUp) => schedule.applied(cursor, catchingUp),
    writeNow,
  };
}
