/**
 * Before the feed opens: a new device (cursor 0), or one whose cursor is below the
 * operator's compaction watermark, starts from the newest snapshot on the server that
 * verifies, then follows the stream from S+1. Snapshots that fail verification are passed
 * over in words. With none left, a new device replays the stream from the start; a device
 * below the watermark must not (the feed would skip the purged range without a word), so
 * it waits and says why.
 */
import type { CountersignDatabase } from '../../db/database';
import { countOf } from '../../lib/count-of';
import { readCursor } from '../incoming/apply-incoming';
import type { KeyRing } from '../seal/key-ring';
import type { SignerLookup } from '../seal/signers';
import type { SyncSubjects } from '../transport/sync-subjects';
import { chooseSnapshot } from './choose-snapshot';
import { readWatermark } from './compaction-watermark';
import { loadSnapshot } from './load-snapshot';
import { serverSnapshotSource, type SnapshotServer } from './server-snapshot-source';

const ROWS_PER_STEP = 500;

export interface BootstrapDeps {
  db: CountersignDatabase;
  deviceId: string;
  subjects: SyncSubjects;
  server: SnapshotServer;
  ring(): Promise<KeyRing>;
  /** Whose key signs for which device: a snapshot's signatures are checked against it. */
  signers?: SignerLookup;
  now(): string;
  /** Progress in words: `short` for the indicator, `long` for Settings. */
  progress(short: string, long: string): void;
  /** Settles this device's decisions the snapshot's claims decide (load-snapshot.ts). */
  settleClaims?(): Promise<void>;
}

export type Bootstrap =
  /** Open the feed; `notice` says what was passed over or loaded ('' or a space and words). */
  | { follow: true; notice: string }
  /** Do not open the feed now: the words say why and what happens next. */
  | { follow: false; words: string };

export async function bootstrapFromSnapshot(deps: BootstrapDeps): Promise<Bootstrap> {
  const { db, subjects, server } = deps;
  const cursor = await readCursor(db);
  const mark = await readWatermark((subject) => server.readLast(subject), subjects);
  if ('unreadable' in mark) {
    return {
      follow: false,
      words: `Changes from other devices are not received for now: ${mark.unreadable}. Ask the server's operator; sync tries again.`,
    };
  }
  const below = cursor < mark.watermark;
  if (cursor > 0 && !below) return { follow: true, notice: '' };
  const source = serverSnapshotSource(server, subjects, (fetched, total) =>
    deps.progress(
      `Loading ${fetched} of ${total}`,
      `Loading the journal: ${fetched} of ${countOf(total, 'part')}.`,
    ),
  );
  const chosen = await chooseSnapshot(subjects, await deps.ring(), source, cursor, deps.signers);
  const usable = chosen.kind === 'snapshot' && chosen.manifest.sequence >= mark.watermark;
  if (chosen.kind === 'replay' || !usable) {
    if (!below) return { follow: true, notice: noticeOf(chosen.passedOver) };
    const why = chosen.passedOver.join(' ') || 'There is no snapshot on the server.';
    return {
      follow: false,
      words: `This device was away while the server removed changes older than the ones it has, and it cannot start from a snapshot yet. ${why} Another device can write one (Settings → Sync → Write a snapshot now); sync tries again.`,
    };
  }
  const loaded = await loadSnapshot(
    {
      db,
      deviceId: deps.deviceId,
      now: deps.now,
      rowsPerStep: ROWS_PER_STEP,
      ...(deps.settleClaims ? { settleClaims: deps.settleClaims } : {}),
      onProgress: (done, total) =>
        deps.progress(
          `Loading ${Math.ceil(done / ROWS_PER_STEP)} of ${Math.ceil(total / ROWS_PER_STEP)}`,
          `Loading the journal: ${done.toLocaleString('en-US')} of ${countOf(total, 'row')} written.`,
        ),
    },
    chosen.manifest,
    chosen.operation,
  );
  if (!loaded.ok) return { follow: false, words: loaded.error };
  return { follow: true, notice: noticeOf([loaded.message, ...chosen.passedOver]) };
}

const noticeOf = (words: readonly string[]) => words.map((each) => ` ${each}`).join('');
