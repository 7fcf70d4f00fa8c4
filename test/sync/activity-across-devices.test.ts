// @vitest-environment node
/**
 * Activity across devices, against a real nats-server: a proposal made on the laptop and
 * confirmed by a swipe on the tablet is listed in the laptop's Activity as "Confirmed on
 * ‹the tablet's name›: … · proposed by the agent on ‹the laptop's name›" at the time the
 * tablet decided, with how (the tablet's own trail names the laptop's agent too), found by the Confirmed filter and
 * the tablet's device filter, and the synced batch that carried it is not listed beside it.
 * A Confirm all on the tablet arrives as one card.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmAll } from '../../src/confirmation/confirm-all';
import { confirmItem } from '../../src/confirmation/confirm-item';
import type { CountersignDatabase } from '../../src/db/database';
import { listAuditPage, type AuditFilter } from '../../src/db/queries/activity-audit';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { getDeviceId } from '../../src/db/settings';
import { describeDecisions } from '../../src/features/activity/describe-decision';
import { describeEntry } from '../../src/features/activity/describe-entry';
import { activityItems } from '../../src/features/activity/fold-activity';
import { connect } from '@nats-io/transport-node';
import { recordThisDevice, renameDevice } from '../../src/sync/devices/device-records';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { propose } from '../support/proposals';
import { createAgentReadyTask, createTestDatabase } from '../support/test-database';
import { exampleJournal, TEST_POLICY, waitFor } from './sync-fixtures';

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

/** Each test its own journal (alice, bob): a fresh device replays all of its journal. */
async function connected(db: CountersignDatabase, user: 'alice' | 'bob') {
  running.push(
    startSyncRuntime(db, exampleJournal(server.urls[0]!, user), {
      connect,
      policy: TEST_POLICY,
      transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100 },
      feed: { idleHeartbeatMs: 500 },
    }),
  );
  await waitFor(
    async () =>
      ((await db.syncState.get('status'))?.value as { phase?: string } | undefined)?.phase ===
        'connected' || undefined,
    10_000,
    'connected',
  );
}

const sent = (db: CountersignDatabase) =>
  waitFor(async () => ((await db.outbox.count()) === 0 ? true : undefined), 10_000, 'sent');

async function decisionCards(db: CountersignDatabase, filter: AuditFilter = {}) {
  const page = await listAuditPage(db, filter, 100);
  return activityItems(page).flatMap((item) =>
    item.type === 'decisions'
      ? [
          {
            at: item.at,
            ...describeDecisions(
              item.decisions,
              page.devices.nameOf(item.decisions[0]!.deviceId),
              page.devices.nameOf,
            ),
          },
        ]
      : [],
  );
}

describe('Activity on the laptop', () => {
  it('says what the tablet confirmed, when, and how', async () => {
    const laptop = createTestDatabase();
    const tablet = createTestDatabase();
    await connected(laptop, 'alice');
    await connected(tablet, 'alice');
    // The tablet's record in the journal's device list, as Settings → Sync writes it.
    const tabletKeys = new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`);
    await recordThisDevice(tablet, tabletKeys, 'tablet');
    await recordThisDevice(laptop, new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`));
    await renameDevice(laptop, await getDeviceId(laptop), 'Laptop');
    const { taskId } = await createAgentReadyTask(laptop);
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 60 } },
    ]);
    await sent(laptop);
    await waitFor(() => tablet.changeItems.get(`${set.id}:0`), 10_000, 'the proposal');

    const decidedAt = new Date(Date.now() - 60_000);
    const confirmed = await confirmItem(tablet, set.id, 0, {
      method: 'swipe',
      now: () => decidedAt,
    });
    expect(confirmed.status).toBe('applied');
    await sent(tablet);
    await waitFor(
      async () => ((await laptop.tasks.get(taskId))?.estimateMinutes === 60 ? true : undefined),
      10_000,
      'the estimate on the laptop',
    );

    // The tablet's record (its name) reaches the laptop with the journal's device list.
    const tabletId = await getDeviceId(tablet);
    const tabletName = await waitFor(
      async () => (await laptop.devices.get(tabletId))?.name,
      10_000,
      'the tablet’s record',
    );
    expect(tabletName).toMatch(/^Tablet \w{4}$/);
    const laptopName = 'Laptop';
    const expected = {
      at: decidedAt.toISOString(),
      title: `Confirmed on ${tabletName}: Set estimate to 60 minutes · proposed by the agent on ${laptopName}`,
      how: 'Swiped',
    };
    expect(await decisionCards(laptop)).toEqual([expect.objectContaining(expected)]);
    expect(await decisionCards(laptop, { source: 'confirmation' })).toEqual([
      expect.objectContaining(expected),
    ]);
    expect(await decisionCards(laptop, { device: tabletId })).toHaveLength(1);
    expect(await decisionCards(laptop, { device: 'here' })).toHaveLength(0);
    // The batch that carried it is the decision: not listed again as "From another device".
    const page = await listAuditPage(laptop, {}, 100);
    const titles = activityItems(page).flatMap((item) =>
      item.type === 'entry' ? [item.entry.action?.summary ?? item.entry.result?.summary] : [],
    );
    expect(titles.filter((title) => title?.startsWith('Synced from'))).toEqual([]);
    // On the tablet it is its own confirmation, in its own trail, of the laptop's proposal.
    expect(await decisionCards(tablet)).toEqual([]);
    const laptopId = await getDeviceId(laptop);
    await waitFor(() => tablet.devices.get(laptopId), 10_000, 'the laptop’s record');
    const own = await listAuditPage(tablet, { source: 'confirmation' }, 100);
    const confirmation = activityItems(own).flatMap((item) =>
      item.type === 'entry' ? [item.entry] : [],
    )[0]!;
    const proposerName = (id: string) =>
      id === own.devices.here ? undefined : own.devices.nameOf(id);
    expect(describeEntry(confirmation, own.proposals, undefined, proposerName).title).toBe(
      `Confirmed: Set estimate to 60 minutes · proposed by the agent on ${laptopName}`,
    );
  });

  it('shows a Confirm all made on the tablet as one card', async () => {
    const laptop = createTestDatabase();
    const tablet = createTestDatabase();
    await connected(laptop, 'bob');
    await connected(tablet, 'bob');
    const { taskId } = await createAgentReadyTask(laptop);
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 25 } },
      { name: 'update_task_priority', args: { priority: 'P0' } },
    ]);
    await sent(laptop);
    await waitFor(() => tablet.changeItems.get(`${set.id}:1`), 10_000, 'the proposals');

    expect((await confirmAll(tablet, set.id)).applied).toHaveLength(2);
    await sent(tablet);
    await waitFor(
      async () =>
        (await laptop.decisions.where('changeSetId').equals(set.id).count()) === 2 || undefined,
      10_000,
      'both decisions on the laptop',
    );
    const cards = await decisionCards(laptop, { taskId });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      // Without a record yet, a device still reads apart from the others by its id.
      title: expect.stringMatching(
        /^Confirmed 2 with Confirm all on Device [\w-]{6} · proposed by the agent on This device$/,
      ),
      how: 'Confirm all',
    });
  });
});
