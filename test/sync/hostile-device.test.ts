// @vitest-environment node
/**
 * A device inside the account (a hostile one, or a corrupted profile) publishes
 * what no honest device would, straight to the journal's stream of a real nats-server.
 * Two honest devices with the app's runtime go on syncing: each quarantines the same
 * messages at once, applies the rest alike (far-future times capped at the server's time,
 * a proposal's words written from its arguments), and what one honest device writes
 * afterwards still reaches the other. Receivers whose clocks differ by a day store an
 * agent's row dated 9999 alike, capped at the server's time of its message.
 *
 * A change set stored with an id that cannot be a subject (by an older version): the
 * person's decision on it is applied and kept on that device in words, another device's
 * decision on it is quarantined, and nothing stops the feed or locks the task.
 *
 * Then, with signatures: operations naming the laptop as their device (unsigned, signed
 * with the hostile device's own key, and the laptop's name over the hostile key), and one
 * signed after the hostile device was removed, are quarantined by both in words.
 */
import 'fake-indexeddb/auto';
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { getDeviceId } from '../../src/db/settings';
import { deviceKeys, generateDeviceKeys } from '../../src/sync/seal/device-keys';
import { systemClock } from '../../src/sync/push/push-clock';
import { signMessage } from '../../src/sync/seal/signed-message';
import type { SignerLookup, SignerStanding } from '../../src/sync/seal/signers';
import type { RowDiff } from '../../src/domain/sync-envelope';
import type { SyncRuntime, SyncRuntimeOptions } from '../../src/sync/runtime/sync-runtime';
import { stamp, taskRow } from '../support/factories';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { remoteDecision } from '../support/claim-push';
import { propose } from '../support/proposals';
import {
  createAgentReadyTask,
  createTask,
  createTestDatabase,
  userWrite,
} from '../support/test-database';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { startAliceRuntime, untilConnected, waitFor } from './sync-fixtures';

let server: NatsTestServer;
const running: SyncRuntime[] = [];

beforeAll(async () => {
  server = await startNatsServer();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
});
afterAll(async () => {
  await server?.stop();
});

async function honestDevice(
  db: CountersignDatabase = createTestDatabase(),
  options: SyncRuntimeOptions = {},
): Promise<CountersignDatabase> {
  running.push(startAliceRuntime(db, server.urls[0]!, options));
  await untilConnected(db);
  return db;
}

/** Publishes one operation of the hostile device, as the app would frame it. */
async function publish(operationId: string, diffs: RowDiff[]) {
  const raw = await connect({ servers: server.urls, user: 'alice', pass: 'alice' });
  const envelope = {
    v: 1 as const,
    operationId,
    kind: 'journal',
    deviceId: 'hostile',
    vectorClock: { hostile: 1 },
    time: '9999-12-31T00:00:00.000Z',
    part: { index: 0, count: 1 },
    diffs,
  };
  await raw.request(`cs.alice.ops.${operationId}`, JSON.stringify(envelope));
  await raw.close();
}

const FAR = '9999-12-31T00:00:00.000Z';

describe('a hostile device inside the account', () => {
  it('cannot stop the honest devices, make a row uneditable, date it 9999 or put words in a proposal', async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const evilSet = {
      id: 'evil.set',
      ...stamp(FAR, 1, 'hostile'),
      agentId: 'default-agent',
      taskId: `task-${suffix}`,
      runKey: 'wake:x',
      status: 'pending',
      counts: { total: 1, pending: 1, expired: 0, waiting: 1 },
    };
    const maxed = { ...taskRow({ id: `maxed-${suffix}`, title: 'Maxed' }), rev: 2 ** 31 - 1 };
    const future = {
      ...taskRow({ id: `future-${suffix}`, title: 'From 9999' }),
      ...stamp(FAR, 1, 'hostile'),
    };
    const forged = {
      id: `set-${suffix}:0`,
      ...stamp('2026-11-27T08:00:00.000Z', 1, 'hostile'),
      toolName: 'update_task_priority',
      args: { priority: 'P0' },
      humanSummary: 'Set estimate to 30 minutes',
      fingerprint: 'f',
      baseRev: 1,
      changeSetId: `set-${suffix}`,
      itemIndex: 0,
      taskId: future.id,
      status: 'pending',
      proposedAt: '2026-11-27T08:00:00.000Z',
    };
    const laptop = await honestDevice();
    const tablet = await honestDevice();
    await publish(`evil-set-${suffix}`, [
      { table: 'changeSets', id: evilSet.id, before: null, after: evilSet },
    ]);
    await publish(`maxed-${suffix}`, [
      { table: 'tasks', id: maxed.id, before: null, after: maxed },
    ]);
    await publish(`future-${suffix}`, [
      { table: 'tasks', id: future.id, before: null, after: future },
    ]);
    await publish(`forged-${suffix}`, [
      { table: 'changeItems', id: forged.id, before: null, after: forged },
    ]);

    const after = await waitFor(
      () => tablet.tasks.get(future.id),
      15_000,
      'the tablet to apply the far-future task',
    );
    const taskId = (
      await userWrite(laptop, 'create_task', { title: `After the hostile ones ${suffix}` })
    ).data!.taskId as string;
    await waitFor(() => tablet.tasks.get(taskId), 15_000, 'the honest write to arrive');

    for (const device of [laptop, tablet]) {
      const quarantined = await device.syncQuarantine.toArray();
      expect(quarantined.map((row) => row.subject).sort()).toEqual(
        [`cs.alice.ops.evil-set-${suffix}`, `cs.alice.ops.maxed-${suffix}`].sort(),
      );
      expect(quarantined.find((row) => row.subject.includes('evil-set'))?.reason).toMatch(
        /sync subject/,
      );
      expect(await device.tasks.get(maxed.id)).toBeUndefined();
      expect(await device.changeItems.get(forged.id)).toMatchObject({
        humanSummary: 'Set priority to P0',
      });
    }
    // Capped against the server's time, so both devices store the very same row.
    expect(after.updatedAt < '2100-01-01').toBe(true);
    expect(await laptop.tasks.get(future.id)).toMatchObject({
      updatedAt: after.updatedAt,
      createdAt: after.createdAt,
    });
    // The person can still edit it.
    await userWrite(tablet, 'update_task_estimate', { minutes: 45 }, { taskId: future.id });
    expect(await tablet.tasks.get(future.id)).toMatchObject({ estimateMinutes: 45 });
    expect((await tablet.tasks.get(future.id))!.updatedAt < '2100-01-01').toBe(true);
  });
});

describe('a change set whose id cannot be a subject', () => {
  it('keeps its decision on this device in words, while the honest devices go on syncing', async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const laptop = await honestDevice();
    const tablet = await honestDevice();
    const { taskId } = await createAgentReadyTask(laptop);
    await waitFor(() => tablet.tasks.get(taskId), 15_000, 'the task on the tablet');
    // As an older version stored it, before ids were checked: on this device only.
    const proposed = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    const { items, ...set } = proposed;
    await laptop.changeSets.put({ ...set, id: 'evil.set' });
    await laptop.changeItems.put({ ...items[0]!, id: 'evil.set:0', changeSetId: 'evil.set' });

    expect((await confirmItem(laptop, 'evil.set', 0)).status).toBe('applied');
    // Another device's decision on the same item, as an operation and as a claim.
    await publish(`evil-decision-${suffix}`, [
      {
        table: 'decisions',
        id: `evil-decision-${suffix}`,
        before: null,
        after: { ...remoteDecision(`evil-decision-${suffix}`, 'evil.set', FAR), taskId },
      },
    ]);
    const raw = await connect({ servers: server.urls, user: 'alice', pass: 'alice' });
    await raw.request('cs.alice.decisions.evil.set.0', JSON.stringify({ verdict: 'rejected' }));
    await raw.close();

    const kept = await waitFor(
      async () =>
        (await laptop.syncPushes.filter((push) => push.claim?.changeSetId === 'evil.set').first())
          ?.lastError,
      15_000,
      'the decision kept on the laptop',
    );
    expect(kept).toMatch(
      /^Kept on this device only: .*"evil\.set" cannot be used in a sync subject/,
    );
    // What is written afterwards still flows both ways.
    const later = await createTask(tablet, `After the bad set ${suffix}`);
    await waitFor(() => laptop.tasks.get(later), 15_000, 'the tablet’s later task on the laptop');
    // The decision, with the change it applied, stays on the laptop, as its words say.
    expect((await laptop.tasks.get(taskId))?.estimateMinutes).toBe(30);
    expect((await tablet.tasks.get(taskId))?.estimateMinutes).not.toBe(30);
    for (const device of [laptop, tablet]) {
      const refused = await device.syncQuarantine
        .filter((row) => row.subject === `cs.alice.ops.evil-decision-${suffix}`)
        .first();
      expect(refused?.reason).toMatch(/changeSetId/);
      expect(await device.decisions.get(`evil-decision-${suffix}`)).toBeUndefined();
      const status = (await device.syncState.get('status'))?.value as { phase?: string };
      expect(status.phase).toBe('connected');
    }
    // Nothing is left uneditable: the task takes an edit, and both devices agree on it.
    await userWrite(tablet, 'update_task_estimate', { minutes: 45 }, { taskId });
    await waitFor(
      async () => ((await laptop.tasks.get(taskId))?.estimateMinutes === 45 ? true : undefined),
      15_000,
      'the tablet’s edit on the laptop',
    );
  });
});

describe('receivers whose clocks differ', () => {
  it("store an observation dated 9999 alike, capped at the server's time", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const ahead = (ms: number) => ({ ...systemClock, now: () => Date.now() + ms });
    const hour = 60 * 60 * 1000;
    const soon = await honestDevice(createTestDatabase(), { clock: ahead(hour) });
    const late = await honestDevice(createTestDatabase(), { clock: ahead(24 * hour) });
    const observation = {
      id: `obs-${suffix}`,
      ...stamp(FAR, 1, 'hostile'),
      agentId: 'default-agent',
      taskId: `task-${suffix}`,
      text: 'Dated 9999',
      priority: 'normal',
      category: 'general',
    };
    await publish(`far-observation-${suffix}`, [
      { table: 'observations', id: observation.id, before: null, after: observation },
    ]);
    const [onSoon, onLate] = await Promise.all(
      [soon, late].map((db) =>
        waitFor(() => db.observations.get(observation.id), 15_000, 'the observation'),
      ),
    );
    expect(onSoon!.updatedAt < '2100-01-01').toBe(true);
    expect(onLate).toEqual(onSoon);
  });
});

/** A stand-in for the journal's device list: device id → its standing. */
const deviceList = new Map<string, SignerStanding>();
const lookup: SignerLookup = (deviceId) =>
  Promise.resolve(deviceList.get(deviceId) ?? { kind: 'unknown' });

async function signingDevice(): Promise<{ db: CountersignDatabase; deviceId: string }> {
  const db = createTestDatabase();
  const keyStore = new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`);
  const deviceId = await getDeviceId(db);
  deviceList.set(deviceId, {
    kind: 'known',
    key: (await deviceKeys(keyStore)).signing.publicKey,
  });
  return { db: await honestDevice(db, { keyStore, signers: lookup }), deviceId };
}

describe('a device cannot speak for another', () => {
  it('quarantines operations naming a device that did not sign them, and a removed device’s', async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const laptop = await signingDevice();
    const tablet = await signingDevice();
    const hostileKeys = await generateDeviceKeys();
    deviceList.set('hostile', { kind: 'known', key: hostileKeys.signing.publicKey });
    const raw = await connect({ servers: server.urls, user: 'alice', pass: 'alice' });

    const forge = async (
      name: string,
      claimed: string,
      signAs?: string,
    ): Promise<{ subject: string; taskId: string }> => {
      const operationId = `${name}-${suffix}`;
      const task = taskRow({ id: `task-${operationId}`, title: `Forged ${name}` });
      const envelope = {
        v: 1,
        operationId,
        kind: 'create_task',
        deviceId: claimed,
        vectorClock: { [claimed]: 99 },
        time: new Date().toISOString(),
        part: { index: 0, count: 1 },
        diffs: [{ table: 'tasks', id: task.id, before: null, after: task }],
      };
      const subject = `cs.alice.ops.${operationId}`;
      const body = new TextEncoder().encode(JSON.stringify(envelope));
      const bytes = signAs
        ? await signMessage(
            subject,
            { deviceId: signAs, privateKey: hostileKeys.signing.privateKey },
            body,
          )
        : body;
      await raw.request(subject, bytes);
      return { subject, taskId: task.id };
    };

    const forged = [
      await forge('unsigned', laptop.deviceId),
      await forge('own-key', laptop.deviceId, 'hostile'),
      await forge('laptop-name', laptop.deviceId, laptop.deviceId),
    ];
    const { taskId: honestBefore } = await forge('before-removal', 'hostile', 'hostile');
    await waitFor(
      () => tablet.db.tasks.get(honestBefore),
      15_000,
      'the hostile device’s own write',
    );
    deviceList.set('hostile', {
      kind: 'removed',
      key: hostileKeys.signing.publicKey,
      removedAt: '2026-11-27T09:00:00.000Z',
    });
    forged.push(await forge('after-removal', 'hostile', 'hostile'));

    const taskId = (
      await userWrite(laptop.db, 'create_task', { title: `Really the laptop ${suffix}` })
    ).data!.taskId as string;
    await waitFor(() => tablet.db.tasks.get(taskId), 15_000, 'the laptop’s real write');
    await waitFor(
      async () =>
        (await laptop.db.syncQuarantine.filter((row) => row.subject.includes(suffix)).count()) >=
        forged.length,
      15_000,
      'the laptop to quarantine the forgeries',
    );

    for (const device of [laptop, tablet]) {
      const quarantined = await device.db.syncQuarantine
        .filter((row) => row.subject.includes(suffix))
        .toArray();
      const reasons = new Map(quarantined.map((row) => [row.subject, row.reason]));
      expect([...reasons.keys()].sort()).toEqual(forged.map((each) => each.subject).sort());
      expect(reasons.get(forged[0]!.subject)).toMatch(/not signed/);
      expect(reasons.get(forged[1]!.subject)).toMatch(/cannot speak for another/);
      expect(reasons.get(forged[2]!.subject)).toMatch(/signature does not match/);
      expect(reasons.get(forged[3]!.subject)).toMatch(/removed from this journal on 2026-11-27/);
      for (const each of forged) expect(await device.db.tasks.get(each.taskId)).toBeUndefined();
    }
    await raw.close();
  });
});
