/**
 * Devices that sync by hand: each device's outbox, as the stream would hold it, applied on
 * another device through the incoming side, in the order the test chooses. fake-indexeddb,
 * no server: for the rules that must converge whatever order operations arrive in.
 */
import type { CountersignDatabase } from '../../src/db/database';
import { getDeviceId } from '../../src/db/settings';
import { keepOutbox } from '../../src/db/sync-settings';
import { applyIncoming, readCursor } from '../../src/sync/incoming/apply-incoming';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { outgoingMessages } from '../../src/sync/wire/outgoing-messages';
import { createTestDatabase } from './test-database';

const subjects = syncSubjects('alice');

export interface HandSyncedDevice {
  db: CountersignDatabase;
  deviceId: string;
  /** The outbox rows each other device has received, by its id. */
  delivered: Map<string, Set<string>>;
}

/** A device whose writes are kept for sync (its outbox), with its own id. */
export async function handSyncedDevice(
  db: CountersignDatabase = createTestDatabase(),
): Promise<HandSyncedDevice> {
  await keepOutbox(db);
  return { db, deviceId: await getDeviceId(db), delivered: new Map() };
}

/** What `from` wrote since `to` last heard from it, applied on `to` as the feed would. */
export async function deliver(from: HandSyncedDevice, to: HandSyncedDevice): Promise<number> {
  const sent = from.delivered.get(to.deviceId) ?? new Set<string>();
  from.delivered.set(to.deviceId, sent);
  const rows = (await from.db.outbox.orderBy('createdAt').toArray()).filter(
    (row) => !sent.has(row.id),
  );
  let seq = await readCursor(to.db);
  const messages = rows
    .flatMap((row) => outgoingMessages(row, from.deviceId))
    .map((message) => ({
      seq: ++seq,
      subject: subjects.operation(message.messageId),
      kind: 'operation' as const,
      time: new Date().toISOString(),
      data: message.data,
    }));
  if (messages.length > 0)
    await applyIncoming(
      {
        db: to.db,
        deviceId: to.deviceId,
        now: () => new Date().toISOString(),
        resolveClaim: async () => undefined,
      },
      messages,
    );
  for (const row of rows) sent.add(row.id);
  return messages.length;
}
