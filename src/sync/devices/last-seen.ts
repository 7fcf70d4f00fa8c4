/**
 * When each device was last heard from: the server's time of the newest operation or
 * progress report this device read from it. Kept in memory as the feed passes and
 * written to this device's sync state when a device is first heard from in a session, then
 * at most once a minute (and when sync stops), so it costs no write per message. Device-local: every device works it out from the stream.
 */
import type { CountersignDatabase } from '../../db/database';
import { progressDeviceOf } from '../transport/sync-subjects';
import type { SyncMessage } from '../transport/sync-transport';

const LAST_SEEN_KEY = 'devicesLastSeen';
const WRITE_EVERY_MS = 60_000;
/** An envelope names its device before its diffs (outgoing-messages.ts), near the start. */
const ENVELOPE_DEVICE = /"deviceId":"([A-Za-z0-9_-]{1,64})"/;

export type LastSeen = Record<string, string>;

/** The sending device of a message, when its subject or its opened body says so. */
export function senderOf(user: string, message: SyncMessage): string | undefined {
  const reporter = progressDeviceOf(user, message.subject);
  // Anyone can publish a report under any device's id: only a signed one is that device's.
  if (reporter !== undefined) return message.signedBy === reporter ? reporter : undefined;
  if (message.kind !== 'operation' || message.unreadable !== undefined) return undefined;
  const head = new TextDecoder().decode(message.data.subarray(0, 400));
  return head.startsWith('{') ? ENVELOPE_DEVICE.exec(head)?.[1] : undefined;
}

export async function readLastSeen(db: CountersignDatabase): Promise<LastSeen> {
  const stored = (await db.syncState.get(LAST_SEEN_KEY))?.value;
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export interface LastSeenTracker {
  saw(user: string, message: SyncMessage): void;
  /** Writes what is held now (sync stops). */
  flush(): Promise<void>;
}

export function lastSeenTracker(
  db: CountersignDatabase,
  now: () => number = Date.now,
  everyMs = WRITE_EVERY_MS,
): LastSeenTracker {
  const held = new Map<string, string>();
  const named = new Set<string>();
  let writtenAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> = Promise.resolve();
  const write = (seen: LastSeen) =>
    db
      .transaction('rw', db.syncState, async () => {
        const stored = await readLastSeen(db);
        for (const [device, at] of Object.entries(seen)) {
          if (!(stored[device] && stored[device] >= at)) stored[device] = at;
        }
        await db.syncState.put({ key: LAST_SEEN_KEY, value: stored });
      })
      .catch(() => undefined);
  /** Resolves once everything seen so far is written. */
  const flush = () => {
    if (held.size > 0) {
      const seen = Object.fromEntries(held);
      held.clear();
      writtenAt = now();
      writing = writing.then(() => write(seen));
    }
    return writing;
  };
  return {
    saw(user, message) {
      const device = senderOf(user, message);
      if (!device || !message.time) return;
      const previous = held.get(device);
      if (!previous || previous < message.time) held.set(device, message.time);
      // A device first heard from in this session is shown at once; after that, once a minute.
      const first = !named.has(device);
      named.add(device);
      if (first || now() - writtenAt >= everyMs) void flush();
    },
    flush,
  };
}
