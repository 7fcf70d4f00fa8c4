/**
 * The sync worker: the sync runtime runs here, off the page's main thread, so catching up
 * on thousands of operations (their parsing, merging and transactions) never holds a frame,
 * and its transactions may be larger than a page could allow (decision 0012, fifth round).
 * It writes IndexedDB as the page did; the page's live queries see each commit (Dexie tells
 * every context of the origin). The page talks to it through Comlink (sync-in-worker.ts) and
 * tells it whether the device is online; what arrives is parsed with zod.
 */
import * as Comlink from 'comlink';
import { z } from 'zod';
import { getDatabase } from '../../db/connection';
import { DEVICE_KINDS } from '../../domain/device';
import { indeterminateChoiceSchema } from '../../sync/push/push-row';
import type { Removal } from '../../sync/devices/remove-device';
import { OFF_PAGE_FEED } from '../../sync/runtime/incoming-feed';
import { toldNetwork } from '../../sync/runtime/network-state';
import type { SyncRuntime } from '../../sync/runtime/sync-runtime';
import { startSync } from './start-sync';

const network = toldNetwork(true);
let runtime: Promise<SyncRuntime | undefined> = Promise.resolve(undefined);

const api = {
  /** Starts sync with the stored settings; false when they do not parse (said in the status). */
  async start(stored: unknown, online: unknown, kind: unknown): Promise<boolean> {
    network.set(z.boolean().catch(true).parse(online));
    const deviceKind = z.enum(DEVICE_KINDS).catch('computer').parse(kind);
    runtime = startSync(getDatabase(), stored, { network, feedShape: OFF_PAGE_FEED, deviceKind });
    return (await runtime) !== undefined;
  },
  setOnline(online: unknown): void {
    network.set(z.boolean().catch(true).parse(online));
  },
  async syncNow(): Promise<void> {
    await (await runtime)?.syncNow();
  },
  async writeSnapshot(): Promise<void> {
    await (await runtime)?.writeSnapshot();
  },
  async resolve(operationId: unknown, choice: unknown): Promise<void> {
    await (
      await runtime
    )?.resolve(z.string().parse(operationId), indeterminateChoiceSchema.parse(choice));
  },
  async removeDevice(deviceId: unknown): Promise<Removal> {
    const running = await runtime;
    if (!running) return { ok: false, words: 'Sync is not running on this device.' };
    return running.removeDevice(z.string().parse(deviceId));
  },
  async stop(): Promise<void> {
    await (await runtime)?.stop();
  },
};

export type SyncWorkerApi = typeof api;

Comlink.expose(api);
