/**
 * The agent device (decisions/0014): one more device of the person's journal, in Node. It
 * runs the app's own sync runtime over an in-memory Dexie (fake-indexeddb, installed by
 * scripts/agent-device.mjs), starts from the newest snapshot on each start, and wakes the
 * agent with the app's own scheduler and wake when other devices' edits arrive. What must
 * survive a restart is in its state file (state-file.ts).
 */
import { providerLabel } from '../agent/providers/describe-provider-address';
import { saveAutoWake, saveProviderSettings } from '../db/agent-settings';
import { CountersignDatabase } from '../db/database';
import { readDeviceId } from '../db/settings';
import { readCursor } from '../sync/incoming/apply-incoming';
import { startSyncRuntime, type SyncRuntimeOptions } from '../sync/runtime/sync-runtime';
import { watchAppliedUnits } from './applied-units';
import { deviceClaims } from './device-claims';
import { openDeviceJournal } from './device-journal';
import type { DeviceConfig } from './device-config';
import type { DeviceLog } from './device-log';
import { trimLocalRows, type LocalRowBounds } from './local-rows';
import { boundPushed, nextPushed, passedSnapshot, pushedIds } from './pushed-operations';
import { readState, writeState, type DeviceState } from './state-file';
import { readStreamHead } from './stream-head';
import { startScheduleLoop } from './schedule-loop';
import { startWakeLoop } from './wake-loop';
import { answerWakeOnRequest } from './wake-on-request';

export interface AgentDeviceOptions {
  log: DeviceLog;
  /** The runtime's options: Node's NATS `connect` at least. */
  sync: SyncRuntimeOptions;
  /** For tests: the provider's HTTP client (a scripted model). */
  fetch?: typeof fetch;
  /** For tests: how long a claim holds without renewal (task-claims.ts). */
  leaseMs?: number;
  /** For tests: the clock the person's schedule is read by. */
  now?: () => Date;
  /** For tests: how many of its local-only rows it keeps (local-rows.ts). */
  localRows?: LocalRowBounds;
}

export interface AgentDevice {
  readonly deviceId: string;
  /** How it is: sync's phase in words, the stream position applied and considered, idle. */
  health(): Promise<DeviceHealth>;
  /** Ends a wake in progress safely, sends what waits (briefly), stores the state. */
  stop(): Promise<void>;
}

export interface DeviceHealth {
  phase: string;
  message: string;
  cursor: number;
  considered: number;
  idle: boolean;
}

const LOOK_EVERY_MS = 500;
const DRAIN_ON_STOP_MS = 10_000;

export async function startAgentDevice(
  config: DeviceConfig,
  options: AgentDeviceOptions,
): Promise<AgentDevice> {
  const { log } = options;
  const stored = readState(config.stateDir);
  const journal = await openDeviceJournal(config, options.sync.connect, log);
  const state = stored ?? {
    deviceId: journal.deviceId ?? crypto.randomUUID(),
    considered: await readStreamHead(journal.sync, options.sync),
    pushed: [],
  };
  const streamHead = () => readStreamHead(journal.sync, options.sync).catch(() => undefined);
  // What it pushed before this start landed before the stream's head now (offline: later).
  if (state.pushed.some((entry) => typeof entry === 'string')) {
    const head = await streamHead();
    if (head !== undefined) state.pushed = boundPushed(state.pushed, head);
  }
  const seeded = new Set(pushedIds(state.pushed));
  writeState(config.stateDir, state);
  if (!stored) log.info('joined', { deviceId: state.deviceId, considered: state.considered });
  // A fresh store each start: the journal comes back from the newest snapshot and the stream.
  const db = new CountersignDatabase(`countersign-agent-device-${crypto.randomUUID()}`);
  await db.settings.put({ key: 'deviceId', value: state.deviceId });
  await saveProviderSettings(db, config.provider);
  await saveAutoWake(db, true);
  // Its own operations, replayed from the stream, are its own: not another device's use of its id.
  await db.syncPushes.bulkPut(
    [...seeded].map((operationId, sequence) => ({
      operationId,
      sequence,
      state: 'applied' as const,
      attempts: 1,
      updatedAt: Date.now(),
      outboxId: operationId,
      kind: 'journal' as const,
    })),
  );

  let reached = state.considered;
  let deviceId = state.deviceId;
  const claims = deviceClaims(journal, options.sync, () => deviceId, options.leaseMs);
  const loop = startWakeLoop({
    claims: claims.claims,
    progress: claims.progress,
    outcome: claims.outcome,
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
    db,
    quietMs: config.quietMs,
    throttle: config.throttle,
    log,
    considered: state.considered,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const schedule = startScheduleLoop({
    db,
    log,
    claims: claims.claims,
    loop,
    now: options.now ?? (() => new Date()),
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
    // A period fires on the journal as it is: after everything up to the stream's head applied.
    caughtUp: async () => {
      const status = (await db.syncState.get('status'))?.value as
        { phase?: string; catchingUp?: unknown } | undefined;
      if (status?.phase !== 'connected' || status.catchingUp) return false;
      return (await readCursor(db)) >= (await readStreamHead(journal.sync, options.sync));
    },
  });
  // Answered once connected; a stop before then leaves nothing to close.
  let requests: { stop(): Promise<void> } | undefined;
  void answerWakeOnRequest({ db, journal, sync: options.sync, loop, log }).then(
    (answering) => (requests = answering),
    (error: unknown) =>
      log.error('wake-requests-unavailable', {
        message: `Requests to wake from other devices cannot be answered (${String(error)}); restart the agent device to try again.`,
      }),
  );
  const unwatch = watchAppliedUnits(db, (unit) => {
    reached = Math.max(reached, unit.cursor);
    loop.applied(unit);
  });
  const runtime = startSyncRuntime(db, journal.sync, {
    ...options.sync,
    ...(journal.keyStore ? { keyStore: journal.keyStore } : {}),
  });

  let saved: DeviceState = state;
  const save = async (considered: number) => {
    const applied = await db.syncPushes.where('state').equals('applied').primaryKeys();
    const known = new Set([...seeded, ...pushedIds(saved.pushed)]);
    const fresh = applied.filter((id) => !known.has(id));
    // Landed, so at or below the stream's head now: once a snapshot passes it, they can go.
    const head = fresh.length > 0 ? await streamHead() : undefined;
    const pushed = nextPushed(saved.pushed, fresh, await passedSnapshot(db), head);
    const next = { ...saved, considered, pushed };
    if (considered === saved.considered && JSON.stringify(pushed) === JSON.stringify(saved.pushed))
      return;
    writeState(config.stateDir, next);
    saved = next;
  };
  let lastStatus = '';
  const look = async () => {
    const status = (await db.syncState.get('status'))?.value as
      { phase: string; message: string } | undefined;
    if (status && `${status.phase}${status.message}` !== lastStatus) {
      lastStatus = `${status.phase}${status.message}`;
      const details = { phase: status.phase, message: status.message };
      if (status.phase === 'error') log.error('sync', details);
      else log.info('sync', details);
    }
    const current = await readDeviceId(db);
    if (current && current !== saved.deviceId) {
      // The runtime took a new id (another device used this one): keep it for the next start.
      log.error('device-id-changed', { previous: saved.deviceId, deviceId: current });
      deviceId = current;
      saved = { ...saved, deviceId };
      writeState(config.stateDir, saved);
    }
    await journal.keepRing();
    await schedule.look();
    // Moves on only when every edit up to `reached` was decided and what it made was sent.
    const considered = reached;
    if (!loop.idle() || (await db.outbox.count()) > 0) return;
    await save(considered);
    // Its store is its memory: what no wake reads again goes, once the feed has moved on.
    if (trimmedAt === reached) return;
    trimmedAt = reached;
    await trimLocalRows(db, saved.pushed, await readCursor(db), options.localRows);
  };
  let trimmedAt = -1;
  let looking = Promise.resolve();
  const timer = setInterval(() => {
    looking = looking.then(look).catch((error: unknown) => {
      log.error('look-failed', { message: String(error) });
    });
  }, LOOK_EVERY_MS);

  log.info('started', {
    message: `Agent device ${state.deviceId.slice(0, 8)} on ${journal.keyStore ? 'encrypted ' : ''}journal "${journal.sync.user}" at ${journal.sync.url}, model ${providerLabel(config.provider)}: wakes when another device edits a task in a category the agent may act on, ${config.quietMs / 1000} s after the edits pause, and on the schedule set in Settings → Agent; a task at most every ${config.throttle.taskEveryMs / 1000} s, at most ${config.throttle.perMinute} wakes a minute.`,
    deviceId: state.deviceId,
    journal: journal.sync.user,
    server: journal.sync.url,
    encrypted: journal.keyStore !== undefined,
    model: providerLabel(config.provider),
    resumesAfter: state.considered,
  });

  return {
    deviceId: state.deviceId,
    async health() {
      const status = (await db.syncState.get('status'))?.value as
        { phase: string; message: string } | undefined;
      return {
        phase: status?.phase ?? 'starting',
        message: status?.message ?? 'Starting.',
        cursor: await readCursor(db),
        considered: saved.considered,
        idle: loop.idle(),
      };
    },
    async stop() {
      clearInterval(timer);
      await looking;
      const wasIdle = loop.idle();
      await loop.stop();
      await schedule.stop();
      const until = Date.now() + DRAIN_ON_STOP_MS;
      while ((await db.outbox.count()) > 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
      await runtime.stop();
      await claims.close();
      await requests?.stop();
      unwatch();
      // An abandoned wake's trigger stays after the stored sequence: the next start wakes on it.
      const drained = (await db.outbox.count()) === 0;
      await save(wasIdle && drained ? reached : saved.considered);
      await journal.keepRing();
      db.close();
      journal.keyStore?.close();
      log.info('stopped', {
        message: drained
          ? 'Stopped; everything it proposed was sent.'
          : 'Stopped before everything was sent; unsent proposals are lost and their edits wake it again next start.',
      });
    },
  };
}
