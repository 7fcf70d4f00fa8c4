/**
 * The sync status every tab and the navigation read: the runtime's phase, a sentence, and
 * the cursor at that moment. A failed write is dropped: the next status replaces it.
 */
import type { CountersignDatabase } from '../../db/database';
import { writeSyncStatus, type SyncPhase } from '../../db/sync-connection';
import { withoutCredentials } from '../../lib/without-credentials';
import { readCursor } from '../incoming/apply-incoming';
import { CONNECTED, type StatusExtra } from './catch-up-progress';
import { feedStuckMessage, type IncomingFeedEvent } from './incoming-feed';

export type WriteStatus = (phase: SyncPhase, message: string, extra?: StatusExtra) => Promise<void>;

export function statusWriter(db: CountersignDatabase): WriteStatus {
  return (phase, message, extra = {}) =>
    readCursor(db)
      .then((cursor) =>
        writeSyncStatus(db, {
          phase,
          // Every tab and the navigation show it: an address in it keeps no credentials.
          message: withoutCredentials(message),
          cursor,
          ...extra,
          at: new Date().toISOString(),
        }),
      )
      .catch(() => undefined);
}

/** What the status says when the incoming feed restarts, is stuck, or recovers. */
export function reportFeedEvent(status: WriteStatus, event: IncomingFeedEvent): void {
  if (event.type === 'restarting') {
    void status('connected', `Connected. The feed stalled and was restarted (${event.reason}).`);
  } else if (event.type === 'stuck') {
    void status('error', feedStuckMessage(event.reason, event.failures), {
      errorKind: 'feed-stuck',
    });
  } else if (event.type === 'recovered') {
    void status('connected', CONNECTED);
  }
}
