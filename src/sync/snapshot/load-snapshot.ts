/**
 * Loads a verified snapshot (verify-snapshot.ts) on this device through the write path:
 * its rows in steps of at most `rowsPerStep`, each one operation of source `sync` with
 * one bulk write per table (journal rows through `apply_synced_rows`, agent rows through
 * the one writer of each), merged by the same rule as any remote operation, so loading
 * over rows this device already has loses nothing newer. Each step is marked applied
 * (`syncApplied`, `<snapshot id>:<step>`), so a load cut short resumes where it stopped.
 * The last step moves the cursor to S, keeps the decision claims it carries (checked
 * before this device claims an item: claims/known-claims.ts), records the snapshot this device started from
 * (undo of a decision made before it is refused, undo-decision.ts), and recounts the
 * decision statistics; the inbox tallies are kept by the change-item writer as it goes.
 */
import type { CountersignDatabase } from '../../db/database';
import { writeLoadedSnapshot } from '../../db/sync-settings';
import { JOURNAL_TABLES } from '../../domain/journal';
import {
  CLAIMS_TABLE,
  SYNC_TABLES,
  type RowDiff,
  type SyncOperation,
} from '../../domain/sync-envelope';
import { runOperations, type Operation } from '../../dispatcher/run-operations';
import { applyAgentRows } from '../incoming/apply-agent-rows';
import { readCursor } from '../incoming/apply-incoming';
import type { SnapshotManifest } from './snapshot-manifest';
import { recountDecisionStats } from './recount-after-snapshot';
import { rememberClaims } from '../claims/known-claims';
import { snapshotClaims } from './snapshot-claims';

const ROWS_PER_STEP = 500;
const CURSOR_KEY = 'cursor';
const ORDER = SYNC_TABLES as readonly string[];
const JOURNAL = new Set<string>(JOURNAL_TABLES);

export interface SnapshotLoadDeps {
  db: CountersignDatabase;
  deviceId: string;
  now(): string;
  onProgress?: (rowsDone: number, rowsTotal: number) => void;
  /**
   * Called once the snapshot's claims are kept and before its rows are written: this
   * device's decisions that those claims decide are settled first (a lost one is taken back
   * from the rows it changed, before the snapshot's rows merge over them).
   */
  settleClaims?(): Promise<void>;
  rowsPerStep?: number;
}

export type SnapshotLoadOutcome =
  { ok: true; message: string; applied: boolean } | { ok: false; error: string };

type Refusal = 'done';

export async function loadSnapshot(
  deps: SnapshotLoadDeps,
  manifest: SnapshotManifest,
  operation: SyncOperation,
): Promise<SnapshotLoadOutcome> {
  const { db } = deps;
  if ((await readCursor(db)) >= manifest.sequence) {
    return { ok: true, applied: false, message: 'This device is already past that snapshot.' };
  }
  const claims = snapshotClaims(operation, manifest.sequence);
  if (!claims.ok)
    return { ok: false, error: `The snapshot could not be loaded: ${claims.reason}.` };
  await db.transaction('rw', db.syncClaims, () => rememberClaims(db, claims.claims));
  await deps.settleClaims?.();
  const diffs = operation.diffs
    .filter((diff) => diff.table !== CLAIMS_TABLE)
    .sort((a, b) => ORDER.indexOf(a.table) - ORDER.indexOf(b.table));
  const size = deps.rowsPerStep ?? ROWS_PER_STEP;
  const chunks: RowDiff[][] = [];
  for (let start = 0; start < diffs.length; start += size)
    chunks.push(diffs.slice(start, start + size));
  let done = 0;
  for (const [index, chunk] of chunks.entries()) {
    const [outcome] = await runOperations(db, [partStep(deps, manifest, operation, chunk, index)], {
      tables: ['decisions', 'reports', 'observations', 'devices', 'syncApplied'],
    });
    if (outcome?.kind === 'failed') {
      return {
        ok: false,
        error: `The snapshot could not be loaded (part ${index + 1} of ${chunks.length}): ${outcome.result.output} What was loaded stays; sync tries again.`,
      };
    }
    done += chunk.length;
    deps.onProgress?.(done, diffs.length);
  }
  const now = deps.now();
  await db.transaction('rw', [db.syncState, db.decisions, db.tallies], async () => {
    if ((await readCursor(db)) < manifest.sequence)
      await db.syncState.put({ key: CURSOR_KEY, value: manifest.sequence });
    await writeLoadedSnapshot(db, {
      snapshotId: manifest.snapshotId,
      sequence: manifest.sequence,
      loadedAt: now,
    });
    await recountDecisionStats(db);
  });
  return {
    ok: true,
    applied: true,
    message: `Loaded the journal from a snapshot (${diffs.length.toLocaleString('en-US')} rows); following changes after it.`,
  };
}

function partStep(
  deps: SnapshotLoadDeps,
  manifest: SnapshotManifest,
  operation: SyncOperation,
  chunk: readonly RowDiff[],
  index: number,
): Operation<Refusal, undefined> {
  const { db, deviceId } = deps;
  const partOperationId = `${manifest.snapshotId}:${index}`;
  const runKey = `sync:${partOperationId}`;
  const now = deps.now();
  const rows = chunk.filter((diff) => JOURNAL.has(diff.table));
  const agentRows = chunk.filter((diff) => !JOURNAL.has(diff.table));
  return {
    remote: true,
    operationKey: runKey,
    guard: async () => ((await db.syncApplied.get(partOperationId)) ? 'done' : undefined),
    ...(rows.length > 0
      ? {
          call: {
            toolName: 'apply_synced_rows',
            args: {
              operationId: partOperationId,
              deviceId: operation.deviceId,
              receivedAt: now,
              rows,
            },
            context: { source: 'sync' as const, operationKey: runKey, now },
          },
        }
      : {}),
    followUp: async (applied, scope) => {
      await applyAgentRows(db, scope, agentRows, { deviceId, now });
      await db.syncApplied.put({
        operationId: partOperationId,
        seq: manifest.sequence,
        deviceId: operation.deviceId,
        kind: operation.kind,
        appliedAt: now,
        journalRows: rows.length,
        ...(applied?.operationId ? { localOperationId: applied.operationId } : {}),
      });
      return { value: undefined };
    },
  };
}
