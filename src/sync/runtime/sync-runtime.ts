/**
 * Sync while the app is open: connect to the person's journal on the server, push what
 * this device wrote (outbox order, decisions claimed first, every uncertain push
 * reconciled), apply what other devices wrote (the live feed from the stored cursor), and
 * keep a status in words that every tab shows. It survives reloads: pushes, the cursor
 * and quarantined messages are all in Dexie, so a new runtime resumes where one stopped.
 *
 * Loaded only when sync is configured (the app imports it lazily, and it loads the NATS
 * client lazily in turn). One tab runs it at a time (a Web Lock); the others read the
 * status it writes.
 */
import type { CountersignDatabase } from '../../db/database';
import { getDeviceId } from '../../db/settings';
import { ClaimRefusedError, readCursor, type IncomingDeps } from '../incoming/apply-incoming';
import { rereadQuarantine } from '../incoming/reread-quarantine';
import { APP_VERSION } from '../../lib/app-version';
import { watchOutbox } from '../../db/sync-settings';
import { publishJournalOnce } from '../push/publish-journal';
import { runPushPass, resolveClaim, settleKnownClaims, type PushPassDeps } from '../push/push-pass';
import type { Sealing } from '../push/seal-once';
import { journalKeyAccess } from './journal-key-access';
import { repairSharedDeviceId } from './shared-device-id';
import { deviceKeysChangeProblem } from './device-list-signers';
import { syncSubjects, type SyncSubjects } from '../transport/sync-subjects';
import { openingConsume, readBackQuarantined } from './opening-feed';
import { systemClock } from '../push/push-clock';
import type { PushDeps } from '../push/push-deps';
import type { IndeterminateChoice } from '../push/push-row';
import { makeWaitingPushesDue } from '../push/answered-again';
import { startReconcileLoop, type ReconcileLoopHandle } from '../push/run-reconcile-loop';
import { createNatsTransport } from '../transport/nats-transport';
import { SyncTransportError } from '../transport/sync-transport-error';
import { startIncomingFeed, type IncomingFeed } from './incoming-feed';
import { globalNetwork } from './network-state';
import { followingSignal } from './following';
import type { SyncRuntimeOptions } from './sync-runtime-options';

export type { SyncRuntimeOptions };
import { progressReporter } from './progress-report';
import { natsCredentials, type SyncConfig } from './sync-config';
import { deviceSync } from '../devices/device-sync';
import { watchOutcomes } from '../claims/wake-outcome';
import type { Removal } from '../devices/remove-device';
import { resolvePush } from './resolve-push';
import { snapshotRuntime } from './snapshot-runtime';
import { backfillClaims } from '../claims/claims-backfill';
import { CONNECTED, catchUpReporter } from './catch-up-progress';
import { reportFeedEvent, statusWriter } from './runtime-status';
import { runtimePushDeps } from './runtime-push-deps';
import { createWaiter, keepConnected, OFFLINE } from './keep-connected';

export interface SyncRuntime {
  /** Reconnects at once if sync is waiting to retry, and sends and applies what waits. */
  syncNow(): Promise<void>;
  /** Writes and publishes a snapshot of the journal now (its state is in `syncState`). */
  writeSnapshot(): Promise<void>;
  /** The person's decision on a push whose outcome could not be found out (audited). */
  resolve(operationId: string, choice: IndeterminateChoice): Promise<void>;
  stop(): Promise<void>;
  /** Removes another device from the journal (remove-device.ts). */
  removeDevice(deviceId: string): Promise<Removal>;
}

const PUSH_PASS_EVERY_MS = 5_000;
/** How long a snapshot asked for before the runtime connected waits for the connection. */
const FOLLOWING_WAIT_MS = 30_000;

type Transport = ReturnType<typeof createNatsTransport>;

export function startSyncRuntime(
  db: CountersignDatabase,
  config: SyncConfig,
  options: SyncRuntimeOptions = {},
): SyncRuntime {
  const clock = options.clock ?? systemClock;
  const network = options.network ?? globalNetwork;
  const appVersion = options.appVersion ?? APP_VERSION;
  let stopped = false;
  let transport: Transport | undefined;
  let feed: IncomingFeed | undefined;
  let loop: ReconcileLoopHandle | undefined;
  let stopWatching: (() => void) | undefined;
  let passTimer: ReturnType<typeof setInterval> | undefined;
  const waiter = createWaiter();
  const following = followingSignal();
  let session = 0;
  let endSession: () => void = () => undefined;
  let deviceId = '';
  const lock = new AbortController();
  let subjects: SyncSubjects | undefined;
  const keys = journalKeyAccess({
    user: config.user,
    // Built when first used, inside the steps that report errors in words.
    subjects: () => (subjects ??= syncSubjects(config.user)),
    deviceId: () => deviceId,
    readLast: (subject) => current().readLast(subject),
    ...(options.keyStore ? { keyStore: options.keyStore } : {}),
    ...(options.journalKeys ? { ring: options.journalKeys } : {}),
    ...(options.signers ? { signers: options.signers } : {}),
    waiting: (words) => {
      void status(
        'connected',
        words ?? 'Connected. The journal’s new key arrived; changes are received again.',
        words ? { errorKind: 'waiting-for-key' } : {},
      );
    },
  });
  const sealing: Sealing = keys;
  const devices = deviceSync({
    db,
    user: config.user,
    keyStore: options.keyStore,
    ...(options.deviceKind ? { kind: options.deviceKind } : {}),
    deviceId: () => deviceId,
    onRemoved: (words) => void shutOut(words),
  });

  const status = statusWriter(db);
  const outcomes = watchOutcomes({
    db,
    user: config.user,
    deviceId: () => deviceId,
    ring: () => keys.ring(),
  });

  const serialize = <T>(task: () => Promise<T>): Promise<T> =>
    loop ? loop.serialize(task) : Promise.reject(new Error('Sync is not connected.'));

  const pushDeps = (): PushDeps =>
    runtimePushDeps({
      db,
      clock,
      policy: options.policy,
      sealing,
      current,
      deviceId: () => deviceId,
    });

  const current = (): Transport => {
    if (!transport)
      throw new SyncTransportError(
        'disconnected',
        'Not connected to the sync server.',
        true,
        false,
      );
    return transport;
  };

  const passDeps = (): PushPassDeps => ({
    db,
    deviceId,
    push: pushDeps(),
    transport: current,
    sealing,
  });

  const snapshots = snapshotRuntime({
    db,
    deviceId: () => deviceId,
    subjects: () => (subjects ??= syncSubjects(config.user)),
    server: current,
    ring: () => keys.ring(),
    signer: async () => keys.signer?.(),
    ...(keys.signers ? { signers: keys.signers } : {}),
    nowMs: () => clock.now(),
    progress: (short, long) => void status('connecting', long, { progress: short }),
    serialize: (task) => (loop ? loop.serialize(task) : task()),
    settleClaims: () => settleKnownClaims(passDeps()),
    following: () => following.reached(FOLLOWING_WAIT_MS),
  });

  const pushPass = () => serialize(() => runPushPass(passDeps())).catch(() => undefined);

  const disconnect = async () => {
    following.ended();
    session++;
    endSession();
    clearInterval(passTimer);
    stopWatching?.();
    stopWatching = undefined;
    const [oldFeed, oldLoop, oldTransport] = [feed, loop, transport];
    feed = undefined;
    loop = undefined;
    transport = undefined;
    await oldFeed?.stop().catch(() => undefined);
    await oldLoop?.stop().catch(() => undefined);
    await oldTransport?.close().catch(() => undefined);
  };

  /** Connected until the connection closes, the device goes offline, or stop(). */
  const connectOnce = async (): Promise<void> => {
    const mine = ++session;
    const ended = new Promise<void>((resolve) => (endSession = resolve));
    const closed = () => endSession();
    const created = createNatsTransport({
      servers: config.url,
      user: config.user,
      credentials: natsCredentials(config),
      connectionName: `countersign ${deviceId.slice(0, 8)}`,
      ...(options.connect ? { connect: options.connect } : {}),
      replicas: options.replicas ?? 1,
      ...options.transport,
      onConnectionEvent: (event) => {
        if (mine !== session) return;
        if (event === 'closed') closed();
        else if (event === 'reconnected') {
          void status('connected', CONNECTED);
          void retryPendingNow().then(pushPass);
        } else {
          void status('offline', 'The connection to the sync server was lost; reconnecting…', {
            errorKind: 'disconnected',
          });
        }
      },
    });
    transport = created;
    await created.connect();
    const { lastSeq: head } = await created.ensureStream().catch(async (error: unknown) => {
      await created.close().catch(() => undefined);
      throw error;
    });
    const sealed = { ring: () => keys.ring(), ...(keys.signers ? { signers: keys.signers } : {}) };
    await backfillClaims({ db, server: created, subjects: syncSubjects(config.user), ...sealed });
    const boot = await snapshots.bootstrap();
    if (mine !== session || stopped) return;
    if (!boot.follow) return void (await status('error', boot.words, { errorKind: 'snapshot' }));
    const progress = progressReporter(devices.progress(created), clock);
    // Caught up, the status keeps what the bootstrap said (a snapshot loaded or passed over).
    const catchingUp = catchUpReporter(await readCursor(db), head, (message, extra) => {
      void status(
        'connected',
        message === CONNECTED ? `${CONNECTED}${boot.notice}` : message,
        extra,
      );
    });
    loop = startReconcileLoop(pushDeps(), 1_000);
    const incoming: IncomingDeps & { appVersion: string } = {
      db,
      appVersion,
      get deviceId() {
        return deviceId;
      },
      deviceIdShared: async () => {
        deviceId = await repairSharedDeviceId(db, deviceId, new Date(clock.now()).toISOString());
      },
      attribution: (claimed, message) => keys.attribution(claimed, message),
      keysProblem: (diffs) => deviceKeysChangeProblem(db, diffs),
      now: () => new Date(clock.now()).toISOString(),
      resolveClaim: async (record) => {
        const settled = await resolveClaim(passDeps(), record);
        if (typeof settled === 'object')
          throw settled.refused ? new ClaimRefusedError(settled.error) : new Error(settled.error);
      },
    };
    feed = startIncomingFeed({
      db,
      transport: {
        consume: outcomes(
          devices.watch(openingConsume((...args) => created.consume(...args), keys)),
        ),
      },
      serialize,
      ...(options.feed ? { feedOptions: options.feed } : {}),
      ...(options.feedShape ? { shape: options.feedShape } : {}),
      incoming,
      onEvent: (event) => {
        if (event.type === 'applied') {
          progress.applied(event.cursor);
          devices.applied();
          snapshots.applied(event.cursor, event.cursor < head);
          catchingUp(event.cursor);
        }
        reportFeedEvent(status, event);
      },
    });
    await status('connected', `${CONNECTED}${boot.notice}`);
    following.started();
    catchingUp(await readCursor(db));
    void serialize(() => rereadQuarantine(incoming, readBackQuarantined(created, keys))).catch(
      () => undefined,
    );
    stopWatching = watchOutbox(db, () => void pushPass());
    passTimer = setInterval(() => void pushPass(), PUSH_PASS_EVERY_MS);
    await ended;
  };

  const retryPendingNow = () => makeWaitingPushesDue(db, clock.now()).catch(() => undefined);

  const onOffline = () => {
    void status('offline', OFFLINE, { errorKind: 'offline' });
    void disconnect();
  };
  const onOnline = () => waiter.wake();

  /** One tab syncs at a time; the others show the status it writes. */
  const run = async () => {
    deviceId = await getDeviceId(db);
    const removed = await devices.start();
    if (removed) return shutOut(removed);
    await publishJournalOnce(db, new Date(clock.now()).toISOString());
    const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
    if (!locks) return runHere();
    await locks
      .request(`countersign-sync:${db.name}`, { signal: lock.signal }, () => runHere())
      .catch((error: unknown) => {
        if (!stopped) throw error;
      });
  };

  const runHere = () =>
    keepConnected({
      url: config.url,
      stopped: () => stopped,
      status,
      waiter,
      connectOnce,
      disconnect,
      offline: network.offline,
    });

  /** Removed from the journal: nothing more is sent or received, and the words stay. */
  const shutOut = async (words: string) => {
    if (stopped) return;
    stopped = true;
    lock.abort();
    waiter.wake();
    await disconnect();
    await status('error', words, { errorKind: 'removed' });
  };

  const stopWatchingNetwork = network.watch((online) => (online ? onOnline() : onOffline()));
  const running = run().catch((error: unknown) =>
    status('error', `Sync stopped: ${error instanceof Error ? error.message : String(error)}`),
  );

  return {
    async syncNow() {
      if (!transport || !loop) {
        waiter.wake();
        return;
      }
      await retryPendingNow();
      await feed?.flush();
      await pushPass();
      await loop.runNow().catch(() => undefined);
    },
    writeSnapshot: () => snapshots.writeNow(),
    resolve: (operationId, choice) =>
      resolvePush(db, pushDeps(), clock, loop ? serialize : undefined, operationId, choice),
    async stop() {
      stopped = true;
      lock.abort();
      stopWatchingNetwork();
      waiter.wake();
      await disconnect();
      await running;
      await devices.stop();
      await status('stopped', 'Sync is off on this device.');
    },
    removeDevice: (id) =>
      devices.remove(
        id,
        transport && loop
          ? {
              subjects: keys.subjects,
              ring: keys.ring,
              pushNow: pushPass,
              publish: (subject, data) => current().publishKeyMessage(subject, data),
              publishNew: (subject, data) => current().publishNew(subject, data),
            }
          : undefined,
      ),
  };
}
