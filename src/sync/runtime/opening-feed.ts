/**
 * The open step: each message the feed brings is opened before the incoming side plans
 * it. Sealed → its plaintext; plain (written before the journal was encrypted, or by a
 * device that had not heard) → as it is. What does not open is never applied:
 *
 * - under a key id the journal announced but this device lacks: the key messages are
 *   fetched by direct get, whatever the cursor says. Still missing, the feed waits at that
 *   message (the handler does not resolve, so it is never acknowledged and the cursor
 *   never passes it; the messages before it are applied meanwhile), says so in words,
 *   asks again every few seconds and goes on when the key has arrived;
 * - under a key id never announced, tampered or malformed: handed on marked `unreadable`
 *   with words, so the incoming side quarantines it and goes on.
 *
 * A message on the key subject announces its key id and, when it holds this device's
 * envelope, hands this device the ring.
 *
 * Before it is opened, a signed message's signature is checked against its device's key
 * (signers.ts): one that does not verify, or comes from a removed device, goes on marked
 * `unreadable`; one that does is handed on with the device that signed it (`signedBy`), so
 * the incoming side can refuse an operation naming another device. One whose device is not
 * known yet goes on with its signed bytes, checked again when it is judged. A progress
 * report is never applied, so it is only marked `signedBy` when its signature verifies.
 */
import type { SyncQuarantineRow } from '../../db/sync-rows';
import type { Sealing } from '../push/seal-once';
import { describeNotOpened } from '../seal/describe-open';
import type { KeyRing } from '../seal/key-ring';
import { open } from '../seal/seal';
import { checkSignature, NOBODY_KNOWN } from '../seal/signers';
import { keyIdOfSubject, progressDeviceOf } from '../transport/sync-subjects';
import type { SyncFeed, SyncMessage, SyncTransport } from '../transport/sync-transport';

const ASK_AGAIN_MS = 5_000;

export interface OpeningKeys extends Sealing {
  /** The person's sync user: names the key subject. */
  user: string;
  /**
   * Direct-gets the key messages of `keyId` meant for this device and keeps the ring they
   * hand on. True when the key is now held.
   */
  fetchKey(keyId: string): Promise<boolean>;
  /** A key id seen on the journal's key subject. */
  announce(keyId: string): Promise<void>;
  /** Words while the feed waits for a key; undefined once it goes on. */
  waiting(words: string | undefined): void;
  askAgainMs?: number;
}

type Outcome = { message: SyncMessage } | { waitFor: string; words: string };

/**
 * The ring as last read, for opening: reading it is a storage round trip, once per message
 * it held catch-up to a few hundred messages a second. Keys are only ever added, so a ring
 * read earlier opens all it did before; a message it does not open is tried again with
 * the ring read afresh, and only that answer counts.
 */
function ringForOpening(keys: OpeningKeys) {
  let last: Promise<KeyRing> | undefined;
  return (fresh: boolean) => {
    if (fresh || !last)
      last = keys.ring().catch((error: unknown) => ((last = undefined), Promise.reject(error)));
    return last;
  };
}

async function opened(
  message: SyncMessage,
  keys: OpeningKeys,
  ring: (fresh: boolean) => Promise<KeyRing>,
): Promise<Outcome> {
  if (message.kind === 'other') {
    const keyId = keyIdOfSubject(keys.user, message.subject);
    if (keyId) {
      await keys.announce(keyId);
      await keys.fetchKey(keyId);
    }
    if (progressDeviceOf(keys.user, message.subject) === undefined) return { message };
    // A progress report counts as its device's only when that device's key signed it.
    const checked = await checkSignature(
      message.subject,
      message.data,
      keys.signers ?? NOBODY_KNOWN,
    );
    return {
      message:
        checked.ok && checked.signedBy ? { ...message, signedBy: checked.signedBy } : message,
    };
  }
  const checked = await checkSignature(message.subject, message.data, keys.signers ?? NOBODY_KNOWN);
  if (!checked.ok) return { message: { ...message, unreadable: checked.words } };
  let result = await open(message.subject, await ring(false), checked.body);
  if (result.outcome !== 'opened' && result.outcome !== 'plain')
    result = await open(message.subject, await ring(true), checked.body);
  if (result.outcome === 'opened' || result.outcome === 'plain') {
    const signedBy = checked.signedBy === undefined ? {} : { signedBy: checked.signedBy };
    const unchecked = checked.unchecked ? { uncheckedSignature: checked.unchecked } : {};
    return { message: { ...message, data: result.plaintext, ...signedBy, ...unchecked } };
  }
  if (result.outcome === 'unknownKeyAnnounced') {
    return { waitFor: result.keyId, words: describeNotOpened(result) };
  }
  return { message: { ...message, unreadable: describeNotOpened(result) } };
}

/**
 * A quarantined message read back from the server by its subject (the stream keeps one
 * message per subject), opened as the feed opens one; undefined when the server no longer
 * holds it. One that waits for a key is handed on marked `unreadable` with those words.
 */
export function readBackQuarantined(
  server: Pick<SyncTransport, 'readLast'>,
  keys: OpeningKeys,
): (row: SyncQuarantineRow) => Promise<SyncMessage | undefined> {
  return async (row) => {
    const stored = await server.readLast(row.subject);
    if (stored?.seq !== row.seq) return undefined;
    const message: SyncMessage = {
      seq: row.seq,
      subject: row.subject,
      kind: row.kind ?? 'operation',
      data: stored.data,
      ...(row.time ? { time: row.time } : {}),
    };
    const outcome = await opened(message, keys, ringForOpening(keys));
    return 'waitFor' in outcome ? { ...message, unreadable: outcome.words } : outcome.message;
  };
}

export function openingConsume(
  consume: SyncTransport['consume'],
  keys: OpeningKeys,
): SyncTransport['consume'] {
  return (fromSeq, onMessage, options) => {
    let stopped = false;
    let wake: (() => void) | undefined;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const ring = ringForOpening(keys);
    const handle = async (message: SyncMessage): Promise<void> => {
      let outcome = await opened(message, keys, ring);
      let waited = false;
      while ('waitFor' in outcome && !stopped) {
        if (!(await keys.fetchKey(outcome.waitFor).catch(() => false))) {
          keys.waiting(outcome.words);
          waited = true;
          await pause(keys.askAgainMs ?? ASK_AGAIN_MS);
        }
        outcome = await opened(message, keys, ring);
      }
      // A stopped feed hands nothing on; its stop waits for this handler, so it returns.
      if (stopped || 'waitFor' in outcome) return;
      if (waited) keys.waiting(undefined);
      return onMessage(outcome.message);
    };
    const feed = consume(fromSeq, handle, options);
    const opening: SyncFeed = {
      get lastAcknowledgedSeq() {
        return feed.lastAcknowledgedSeq;
      },
      get restarts() {
        return feed.restarts;
      },
      stop() {
        stopped = true;
        wake?.();
        return feed.stop();
      },
    };
    return opening;
  };
}
