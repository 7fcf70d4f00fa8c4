/**
 * The push runtime's target on a `SyncTransport`: an operation is sent as its messages
 * (one, or the parts of a split operation, each with its own message id), and it has
 * landed when every message is on the server. Re-sending after a partial landing is
 * safe: the parts already there are refused as copies and count as landed, but only when
 * what the server holds is this operation (stored-copy.ts): another content under its id
 * is refused in words and never counts as landed.
 */
import type { SyncTransport } from '../transport/sync-transport';
import { SyncTransportError } from '../transport/sync-transport-error';
import type { PushOutcome, PushTarget, ReconcileResult } from './push-target';
import type { OutgoingMessage } from '../wire/outgoing-messages';
import { takenWords, type StoredCopyCheck } from './stored-copy';

/** The messages of one operation, built from the outbox (phase 2) or a test's fixture. */
export type LoadMessages = (operationId: string) => Promise<OutgoingMessage[]>;

export function createTransportPushTarget(
  transport: Pick<SyncTransport, 'publishOperation' | 'didLand'>,
  loadMessages: LoadMessages,
  copies?: StoredCopyCheck,
): PushTarget {
  /** False when the server holds another message under this one's id. */
  const isOurs = async (outgoing: OutgoingMessage): Promise<boolean> => {
    if (!copies) return true;
    const stored = await copies.stored(outgoing.messageId);
    return stored === undefined || (await copies.same(outgoing, stored));
  };
  /** Another content under its id is not landed: pushing again is refused in words. */
  const landedAsOurs = async (outgoing: OutgoingMessage): Promise<boolean> => {
    if (!copies) return (await transport.didLand(outgoing.messageId)) === 'landed';
    const stored = await copies.stored(outgoing.messageId);
    return stored !== undefined && (await copies.same(outgoing, stored));
  };
  return {
    async push(operationId): Promise<PushOutcome> {
      let messages: OutgoingMessage[];
      try {
        messages = await loadMessages(operationId);
      } catch (error) {
        return { status: 'rejected', error: message(error), retryable: false };
      }
      for (const outgoing of messages) {
        try {
          const receipt = await transport.publishOperation(outgoing.messageId, outgoing.data);
          if (receipt.status === 'already-landed' && !(await isOurs(outgoing))) {
            return { status: 'rejected', error: takenWords(operationId), retryable: false };
          }
        } catch (error) {
          if (error instanceof SyncTransportError && !error.uncertain) {
            return { status: 'rejected', error: error.message, retryable: error.retryable };
          }
          return { status: 'uncertain', error: message(error) };
        }
      }
      return { status: 'applied' };
    },

    async reconcile(operationId): Promise<ReconcileResult> {
      try {
        const messages = await loadMessages(operationId);
        for (const outgoing of messages) {
          if (!(await landedAsOurs(outgoing))) return { status: 'failed' };
        }
        return { status: 'applied' };
      } catch (error) {
        return { status: 'retry', error: message(error) };
      }
    },
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
