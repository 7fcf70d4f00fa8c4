/**
 * Quarantine is not final: a message this version could not read or apply (another device
 * runs a newer version, or this one had a defect) is read again once a later version runs.
 * Each quarantine row names the version that set it aside; at the start of sync, rows of
 * another version (or of none: kept before versions were) are applied again, one at a time,
 * without moving the cursor: from the bytes kept with the row (up to 256 kB, as opened), or
 * read back from the server by subject (larger ones, or ones that did not open here). What
 * applies now, or needs nothing, leaves the quarantine; what fails the same way again stays,
 * with this version's words. Settings → Sync says how many were read again and applied.
 */
import type { CountersignDatabase } from '../../db/database';
import type { SyncQuarantineRow } from '../../db/sync-rows';
import { QUARANTINE_REREAD_KEY, type QuarantineReread } from '../../db/sync-settings';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming, IncomingBatchError, type IncomingDeps } from './apply-incoming';

/**
 * The message as the server holds it now, through the open step (marked `unreadable` when it
 * still does not open); undefined when the server no longer has it.
 */
type ReadBack = (row: SyncQuarantineRow) => Promise<SyncMessage | undefined>;

/**
 * Reads again what other versions quarantined. Rejects on a failure that may pass (storage,
 * the server): the rows not yet read wait for the next start.
 */
export async function rereadQuarantine(
  deps: IncomingDeps & { appVersion: string },
  readBack: ReadBack,
): Promise<QuarantineReread | undefined> {
  const { db, appVersion } = deps;
  const rows = await db.syncQuarantine.filter((row) => row.appVersion !== appVersion).toArray();
  if (rows.length === 0) return undefined;
  const counted: QuarantineReread = { appVersion, reread: 0, landed: 0 };
  for (const row of rows) {
    const message = kept(row) ?? (await readBack(row));
    if (!message) {
      await db.syncQuarantine.update(row.seq, {
        appVersion,
        reason: `${row.reason} It could not be read again after an update: the server no longer has it.`,
      });
      continue;
    }
    counted.reread++;
    try {
      await applyIncoming(deps, [message], { replay: true });
    } catch (error) {
      if (!(error instanceof IncomingBatchError && error.deterministic)) throw error;
      await db.syncQuarantine.update(row.seq, {
        appVersion,
        reason: `Could not be applied: ${error.message}`.slice(0, 2_000),
      });
      continue;
    }
    if (!(await db.syncQuarantine.get(row.seq))) counted.landed++;
  }
  await record(db, counted);
  return counted;
}

function kept(row: SyncQuarantineRow): SyncMessage | undefined {
  if (!row.data || !row.opened) return undefined;
  return {
    seq: row.seq,
    subject: row.subject,
    kind: row.kind ?? 'operation',
    data: row.data,
    ...(row.time ? { time: row.time } : {}),
    ...(row.signedBy ? { signedBy: row.signedBy } : {}),
  };
}

/** Adds to what this version read again before (an earlier start may have read some). */
async function record(db: CountersignDatabase, counted: QuarantineReread): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const before = (await db.syncState.get(QUARANTINE_REREAD_KEY))?.value as
      QuarantineReread | undefined;
    const same = before?.appVersion === counted.appVersion;
    await db.syncState.put({
      key: QUARANTINE_REREAD_KEY,
      value: {
        appVersion: counted.appVersion,
        reread: counted.reread + (same ? before.reread : 0),
        landed: counted.landed + (same ? before.landed : 0),
      },
    });
  });
}
