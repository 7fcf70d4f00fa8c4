/**
 * Opens what the feed brings before the incoming side reads it. A sealed message is
 * handed on as its plaintext, a plain one (written before the journal was encrypted, or
 * by a device that had not heard) as it is. One under a key the journal announced but
 * this device lacks stops the feed at that message: rejecting makes the feed restart
 * at that message (never acknowledged), so it is never passed. Anything else that does not open goes
 * on unchanged and is quarantined where every unreadable message is, never applied.
 */
import type { Sealing } from '../outgoing/seal-once';
import { describeNotOpened } from '../seal/describe-open';
import { open } from '../seal/seal';
import type { SyncMessage, SyncTransport } from '../transport/sync-transport';

class WaitingForKeyError extends Error {
  override readonly name = 'WaitingForKeyError';
}

async function opened(message: SyncMessage, sealing: Sealing): Promise<SyncMessage> {
  if (message.kind === 'other') return message;
  const result = await open(message.subject, await sealing.ring(), message.data);
  if (result.outcome === 'opened' || result.outcome === 'plain') {
    return { ...message, data: result.plaintext };
  }
  if (result.outcome === 'unknownKeyAnnounced')
    throw new WaitingForKeyError(describeNotOpened(result));
  return message;
}

export function openingConsume(
  consume: SyncTransport['consume'],
  sealing: Sealing,
): SyncTransport['consume'] {
  return (fromSeq, onMessage, options) =>
    consume(fromSeq, async (message) => onMessage(await opened(message, sealing)), options);
}
