// @vitest-environment node
/**
 * Many people at once, with the app's own sync runtime (Dexie in fake-indexeddb), against
 * a 3-node loopback cluster: each person has an account, each device offers one task
 * every LOAD_INTERVAL_MS, and halfway through the operator's compaction runs on every
 * journal and the leader of the first journal's stream is killed. Every device must end
 * with every task of its person exactly once. Prints one `SYNC_LOAD {json}` line (offered
 * and achieved rate, A→B latency, duplicates, losses, the streams' size over time).
 * The suite runs the small default (2 people × 2 devices, 20 s); the full run is
 * `LOAD_PEOPLE=20 LOAD_DEVICES=3 LOAD_SECONDS=150 npx vitest run test/sync/load.test.ts`.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { createNatsTransport } from '../../src/sync/transport/nats-transport';
import { compactJournal } from '../../sync-server/compact.mjs';
import { loadTestUsers, writeLoadTestAccounts } from '../support/load-accounts';
import { startNatsCluster, type NatsTestServer } from '../support/nats-server';
import { createTask, createTestDatabase } from '../support/test-database';
import { publishStandInSnapshot, waitFor } from './sync-fixtures';

const PEOPLE = Number(process.env.LOAD_PEOPLE ?? 2);
const DEVICES = Number(process.env.LOAD_DEVICES ?? 2);
const SECONDS = Math.min(180, Number(process.env.LOAD_SECONDS ?? 20));
const INTERVAL_MS = Number(process.env.LOAD_INTERVAL_MS ?? 2_000);
const users = loadTestUsers(PEOPLE);

interface Device {
  user: string;
  index: number;
  db: CountersignDatabase;
  runtime: SyncRuntime;
}

let cluster: NatsTestServer;
const devices: Device[] = [];
/** Task id → when it was written and on which device. */
const written = new Map<string, { at: number; device: Device }>();
const latencies: number[] = [];

beforeAll(async () => {
  cluster = await startNatsCluster({ accountsConf: writeLoadTestAccounts(users) });
  for (const user of users) {
    const first = createNatsTransport({
      servers: cluster.urls,
      user,
      credentials: { user, pass: user },
      connect,
      replicas: 3,
      requestTimeoutMs: 2_000,
    });
    await first.connect();
    await waitFor(() => first.ensureStream(), 20_000, `the stream of ${user}`);
    await first.close();
    for (let index = 0; index < DEVICES; index++) {
      const db = createTestDatabase();
      const device: Device = { user, index, db, runtime: startRuntime(db, user) };
      db.tasks.hook('creating', (id) => {
        const origin = written.get(String(id));
        if (origin && origin.device !== device) latencies.push(performance.now() - origin.at);
      });
      devices.push(device);
    }
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(devices.map((device) => device.runtime.stop()));
  await cluster?.stop();
});

function startRuntime(db: CountersignDatabase, user: string): SyncRuntime {
  return startSyncRuntime(
    db,
    { url: cluster.urls[0]!, user, secret: { kind: 'password', password: user }, enabled: true },
    {
      connect,
      replicas: 3,
      transport: { servers: cluster.urls, requestTimeoutMs: 2_000, reconnectWaitMs: 200 },
      feed: { idleHeartbeatMs: 1_000 },
    },
  );
}

async function streamSizes() {
  let [subjects, bytes, messages] = [0, 0, 0];
  for (const user of users) {
    const connection = await connect({ servers: cluster.urls, user, pass: user });
    try {
      const jsm = await jetstreamManager(connection, { checkAPI: false, timeout: 5_000 });
      const { state } = await jsm.streams.info(syncSubjects(user).stream);
      subjects += state.num_subjects ?? 0;
      bytes += state.bytes;
      messages += state.messages;
    } finally {
      await connection.close();
    }
  }
  return { subjects, messages, bytes };
}

/**
 * The operator's run, halfway: a stand-in snapshot (the writer is the runtime's) at the
 * slowest reported cursor, then compaction with a window of a quarter of the run.
 */
async function compactEveryJournal() {
  let removed = 0;
  for (const user of users) {
    const subjects = syncSubjects(user);
    const device = await connect({ servers: cluster.urls, user, pass: user });
    const maintenance = await connect({
      servers: cluster.urls,
      user: `${user}-maintenance`,
      pass: `${user}-maintenance`,
    });
    try {
      const jsm = await jetstreamManager(device, { checkAPI: false, timeout: 5_000 });
      const info = await jsm.streams.info(subjects.stream, {
        subjects_filter: `cs.${user}.progress.>`,
      });
      // Each device's newest report (as the operator's job reads them), then the slowest.
      const newest = new Map<string, number>();
      for (const subject of Object.keys(info.state.subjects ?? {})) {
        const [device = '', cursor = '0'] = subject.split('.').slice(-2);
        newest.set(device, Math.max(newest.get(device) ?? 0, Number(cursor)));
      }
      const sequence = newest.size > 0 ? Math.min(...newest.values()) : 0;
      await publishStandInSnapshot(device, user, sequence);
      const report = await compactJournal(maintenance, user, { retentionMs: (SECONDS * 1000) / 4 });
      removed += report.before.subjects - report.after.subjects;
    } finally {
      await device.close();
      await maintenance.close();
    }
  }
  return removed;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0,
  );
}

describe('a load of many people', () => {
  it('delivers every operation once to every device of its person, through a compaction and a leader kill', async () => {
    const started = performance.now();
    const endAt = started + SECONDS * 1_000;
    const sizes: { second: number; subjects: number; messages: number; bytes: number }[] = [];
    const events = { compactedSubjects: 0, leaderKilled: '' };
    const offerLoop = async (device: Device) => {
      // Devices start spread over one interval, as people do.
      await new Promise((resolve) =>
        setTimeout(resolve, (INTERVAL_MS * devices.indexOf(device)) / devices.length),
      );
      for (let n = 0; performance.now() < endAt && n < 10_000; n++) {
        const at = performance.now();
        const id = await createTask(device.db, `${device.user} device ${device.index} task ${n}`);
        written.set(id, { at, device });
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, at + INTERVAL_MS - performance.now())),
        );
      }
    };
    const operator = async () => {
      sizes.push({ second: 0, ...(await streamSizes()) });
      await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1_000) / 2));
      sizes.push({
        second: Math.round((performance.now() - started) / 1_000),
        ...(await streamSizes()),
      });
      // LOAD_COMPACT=0 leaves it out (to compare a run without it).
      if (process.env.LOAD_COMPACT !== '0') events.compactedSubjects = await compactEveryJournal();
      const observer = await connect({ servers: cluster.urls, user: users[0]!, pass: users[0]! });
      const jsm = await jetstreamManager(observer, { checkAPI: false, timeout: 5_000 });
      events.leaderKilled =
        (await jsm.streams.info(syncSubjects(users[0]!).stream)).cluster?.leader ?? '';
      await observer.close();
      if (events.leaderKilled) await cluster.node(events.leaderKilled).kill();
      // Stream info waits for the new leaders: the election takes a few seconds.
      const afterKill = await waitFor(() => streamSizes(), 30_000, 'the streams after the kill');
      sizes.push({ second: Math.round((performance.now() - started) / 1_000), ...afterKill });
    };
    await Promise.all([...devices.map(offerLoop), operator()]);
    const offeredSeconds = (performance.now() - started) / 1_000;

    // Figures are printed even when a device never caught up: what it lacks counts as lost.
    const settled = await waitFor(
      async () => {
        for (const device of devices) {
          if ((await device.db.outbox.count()) > 0) return undefined;
          const expected = [...written].filter(([, origin]) => origin.device.user === device.user);
          const count = await device.db.tasks
            .where('id')
            .anyOf(expected.map(([id]) => id))
            .count();
          if (count < expected.length) return undefined;
        }
        return true;
      },
      120_000,
      'every device has every task of its person',
    ).catch(() => false);
    const settledSeconds = (performance.now() - started) / 1_000;
    const settledSizes = await waitFor(() => streamSizes(), 30_000, 'the streams at the end');
    sizes.push({ second: Math.round(settledSeconds), ...settledSizes });

    let [duplicates, losses, appliedTwice, unsent] = [0, 0, 0, 0];
    for (const device of devices) {
      const expected = [...written.keys()].filter(
        (id) => written.get(id)!.device.user === device.user,
      );
      const tasks = await device.db.tasks.where('id').anyOf(expected).toArray();
      duplicates += tasks.length - new Set(tasks.map((task) => task.id)).size;
      losses += expected.length - tasks.length;
      unsent += await device.db.outbox.count();
      const applied = await device.db.syncApplied.toArray();
      appliedTwice += applied.length - new Set(applied.map((row) => row.operationId)).size;
    }
    const figures = {
      people: PEOPLE,
      devices: PEOPLE * DEVICES,
      seconds: SECONDS,
      offeredPerSecond: Math.round(((PEOPLE * DEVICES * 1_000) / INTERVAL_MS) * 10) / 10,
      achievedPerSecond: Math.round((written.size / offeredSeconds) * 10) / 10,
      operations: written.size,
      settled,
      settledSeconds: Math.round(settledSeconds),
      latencyMs: {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        samples: latencies.length,
      },
      duplicates,
      appliedTwice,
      losses,
      unsent,
      ...events,
      sizes,
    };
    console.info(`SYNC_LOAD ${JSON.stringify(figures)}`);
    expect({ duplicates, appliedTwice, losses }).toEqual({
      duplicates: 0,
      appliedTwice: 0,
      losses: 0,
    });
  }, 400_000);
});
