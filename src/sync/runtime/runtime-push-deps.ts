/**
 * What the runtime's pushes work with: the ledger of pushes in Dexie, and a target that
 * seals each operation once (split to fit the server's largest message) and publishes it
 * over the current connection.
 */
import type { CountersignDatabase } from '../../db/database';
import { ENVELOPE_LIMITS } from '../../domain/sync-envelope';
import { createDexiePushStore } from '../push/dexie-push-store';
import type { PushClock } from '../push/push-clock';
import type { PushDeps } from '../push/push-deps';
import type { ReconciliationPolicy } from '../push/reconciliation-policy';
import { messagesToSend, type Sealing } from '../push/seal-once';
import { storedCopyCheck } from '../push/stored-copy';
import { createTransportPushTarget } from '../push/transport-push-target';
import type { createNatsTransport } from '../transport/nats-transport';
import { outgoingMessages } from '../wire/outgoing-messages';

type Transport = ReturnType<typeof createNatsTransport>;

export interface RuntimePushOptions {
  db: CountersignDatabase;
  clock: PushClock;
  policy: ReconciliationPolicy | undefined;
  sealing: Sealing;
  /** The connected transport; throws when there is none. */
  current: () => Transport;
  deviceId: () => string;
}

export function runtimePushDeps(options: RuntimePushOptions): PushDeps {
  const { db, sealing, current, deviceId } = options;
  return {
    store: createDexiePushStore(db),
    clock: options.clock,
    ...(options.policy ? { policy: options.policy } : {}),
    target: createTransportPushTarget(
      {
        publishOperation: (id, data) => current().publishOperation(id, data),
        didLand: (id) => current().didLand(id),
      },
      (operationId) =>
        messagesToSend(db, sealing, operationId, (outbox, reservedBytes) => {
          const limit = current().maxPayload ?? ENVELOPE_LIMITS.maxMessageBytes;
          const budget = Math.min(ENVELOPE_LIMITS.defaultPartBudgetBytes, Math.floor(limit * 0.9));
          return outgoingMessages({ ...outbox, operationId }, deviceId(), budget - reservedBytes);
        }),
      storedCopyCheck(current, sealing, deviceId),
    ),
  };
}
