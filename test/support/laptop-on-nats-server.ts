/**
 * The rig of the agent device's tests: for the whole test file, a real nats-server and the
 * person's laptop (the app's runtime over fake-indexeddb) syncing alice's journal on it,
 * connected, its sync settings stored as Settings → Sync keeps them. Registered as
 * beforeAll/afterAll; `extra` goes to the laptop's runtime (its key store, for one).
 */
import { afterAll, beforeAll } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { writeSyncConfig } from '../../src/db/sync-connection';
import type { SyncRuntime, SyncRuntimeOptions } from '../../src/sync/runtime/sync-runtime';
import { exampleJournal, startAliceRuntime, untilConnected, waitFor } from '../sync/sync-fixtures';
import { startNatsServer, type NatsTestServer } from './nats-server';
import { allowAgentCategories, createTestDatabase, userWrite } from './test-database';

export interface LaptopOnNatsServer {
  /** The server's address for Node clients. */
  url(): string;
  server(): NatsTestServer;
  laptop(): CountersignDatabase;
  runtime(): SyncRuntime;
  /** Until everything the laptop wrote is on the server (its outbox is empty). */
  sent(): Promise<true>;
  /** A category "Web" made on the laptop, which the agent may act on: its id. */
  allowedCategory(): Promise<string>;
}

export function laptopOnNatsServer(extra: SyncRuntimeOptions = {}): LaptopOnNatsServer {
  let server: NatsTestServer | undefined;
  let laptop: CountersignDatabase | undefined;
  let runtime: SyncRuntime | undefined;
  beforeAll(async () => {
    server = await startNatsServer();
    laptop = createTestDatabase();
    await writeSyncConfig(laptop, exampleJournal(server.urls[0]!, 'alice'));
    runtime = startAliceRuntime(laptop, server.urls[0]!, extra);
    await untilConnected(laptop);
  });
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
  });
  return {
    url: () => server!.urls[0]!,
    server: () => server!,
    laptop: () => laptop!,
    runtime: () => runtime!,
    sent: () =>
      waitFor(async () => (await laptop!.outbox.count()) === 0 || undefined, 20_000, 'sent'),
    async allowedCategory() {
      const category = await userWrite(laptop!, 'save_category', { name: 'Web', color: '#336699' });
      const categoryId = category.data!.categoryId as string;
      await allowAgentCategories(laptop!, [categoryId]);
      return categoryId;
    },
  };
}
