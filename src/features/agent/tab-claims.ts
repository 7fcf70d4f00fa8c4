/**
 * The tab's claims and live progress (decisions/0014), loaded only when sync is set up: a
 * connection of this tab's own beside the sync runtime's (which runs in one tab only),
 * opened when first needed and kept while the sync settings stay the same.
 */
import type { CountersignDatabase } from '../../db/database';
import { getDeviceKeyDatabase } from '../../db/device-key-store';
import { getDeviceId } from '../../db/settings';
import { claimsConnection, type ClaimsConnection } from '../../sync/claims/claims-connection';
import { natsCredentials, syncConfigSchema } from '../../sync/runtime/sync-config';
import { readKeyRing } from '../../sync/seal/journal-keys';
import { createNatsTransport } from '../../sync/transport/nats-transport';

let current: { key: string; connection: Promise<ClaimsConnection | undefined> } | undefined;

/** This tab's claims connection for the stored sync settings; undefined when they do not parse. */
export function tabClaims(
  db: CountersignDatabase,
  stored: unknown,
): Promise<ClaimsConnection | undefined> {
  const key = JSON.stringify(stored ?? null);
  if (current?.key === key) return current.connection;
  const previous = current;
  const connection = (async () => {
    await (await previous?.connection)?.close();
    const parsed = syncConfigSchema.safeParse(stored);
    if (!parsed.success) return undefined;
    const config = parsed.data;
    const deviceId = await getDeviceId(db);
    return claimsConnection({
      open: () =>
        createNatsTransport({
          servers: config.url,
          user: config.user,
          credentials: natsCredentials(config),
          connectionName: `countersign claims ${deviceId.slice(0, 8)}`,
        }),
      user: config.user,
      deviceId: () => deviceId,
      ring: () => readKeyRing(getDeviceKeyDatabase()),
    });
  })();
  current = { key, connection };
  return connection;
}
