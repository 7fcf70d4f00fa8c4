/**
 * Activity across devices, read from storage: another device's decisions are listed as
 * decisions at the time they were made, with the device and how; the source, device and
 * period filters find them; a Confirm all is one item on either device; a synced batch
 * that only carried a decision is left out, and "No change" batches fold into one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { propose } from '../../../test/support/proposals';
import { createAgentReadyTask, createTestDatabase } from '../../../test/support/test-database';
import { confirmAll } from '../../confirmation/confirm-all';
import { confirmItem } from '../../confirmation/confirm-item';
import { rejectItem } from '../../confirmation/reject-item';
import type { CountersignDatabase } from '../../db/database';
import { listAuditPage, type AuditFilter } from '../../db/queries/activity-audit';
import type { AuditMessage } from '../../domain/audit';
import { describeDecisions } from './describe-decision';
import { describeEntry } from './describe-entry';
import { activityItems, type ListedItem } from './fold-activity';

const TABLET = 'tablet-4f2a9c';
const LAPTOP = 'laptop-77b0e1';
const at = (minute: number) => new Date(Date.UTC(2026, 2, 3, 10, minute));

let db: CountersignDatabase;
let taskId: string;
beforeEach(async () => {
  db = createTestDatabase();
  ({ taskId } = await createAgentReadyTask(db));
});
afterEach(async () => {
  await db.delete();
});

/** Decides as the tablet would have: made here, then moved to the tablet's device id. */
async function onTablet(decide: () => Promise<unknown>) {
  const before = new Set(await db.decisions.toCollection().primaryKeys());
  await decide();
  const made = (await db.decisions.toArray()).filter((decision) => !before.has(decision.id));
  await db.decisions.bulkPut(made.map((decision) => ({ ...decision, deviceId: TABLET })));
  // Its operations are the tablet's: this device's trail never had them.
  const runKeys = new Set(made.map((decision) => decision.operationId));
  await db.auditMessages.filter((message) => runKeys.has(message.operationId)).delete();
  return made;
}

/** Proposed as the laptop's agent would have: made here, then moved to the laptop. */
async function proposedOnLaptop(changeSetId: string) {
  const items = await db.changeItems.where('changeSetId').equals(changeSetId).toArray();
  await db.changeItems.bulkPut(items.map((item) => ({ ...item, proposedOn: LAPTOP })));
}

async function recordDevice(id: string, name: string) {
  await db.devices.put({
    id,
    name,
    kind: 'tablet',
    added: at(1).toISOString(),
    // Keys play no part in a name.
    keys: {} as never,
    createdAt: at(1).toISOString(),
    updatedAt: at(1).toISOString(),
    rev: 1,
    vectorClock: { [id]: 1 },
  });
}

async function page(filter: AuditFilter = {}) {
  const read = await listAuditPage(db, filter, 100);
  return { read, items: activityItems(read) };
}

/** How this device's own (newest) confirmation reads, naming another device's agent only. */
function ownConfirmationTitle({ read, items }: Awaited<ReturnType<typeof page>>) {
  const [mine] = items.flatMap((item) =>
    item.type === 'entry' && item.entry.action?.source === 'confirmation' ? [item.entry] : [],
  );
  const proposerName = (id: string) =>
    id === read.devices.here ? undefined : read.devices.nameOf(id);
  return describeEntry(mine!, read.proposals, undefined, proposerName).title;
}

const decisionItems = (items: ListedItem[]) =>
  items.flatMap((item) => (item.type === 'decisions' ? [item] : []));

function syncMessage(index: number, patch: Partial<AuditMessage>): AuditMessage {
  return {
    id: `sync-${index}`,
    kind: 'toolResult',
    toolName: 'apply_synced_rows',
    operationId: `local-sync-${index}`,
    runKey: `sync:remote-${index}`,
    source: 'sync',
    summary: 'Synced from another device (43 rows)',
    outcome: 'noop',
    payload: {},
    createdAt: at(50 + index).toISOString(),
    ...patch,
  };
}

const proposeEstimateAndPriority = () =>
  propose(db, taskId, [
    { name: 'update_task_estimate', args: { minutes: 30 } },
    { name: 'update_task_priority', args: { priority: 'P1' } },
  ]);

describe('another device’s decisions on Activity', () => {
  it('lists them as decisions, at their own time, with the device and how', async () => {
    const set = await proposeEstimateAndPriority();
    await onTablet(() => confirmItem(db, set.id, 0, { method: 'swipe', now: () => at(42) }));
    await onTablet(() =>
      rejectItem(db, set.id, 1, { method: 'button', reason: 'Not now', now: () => at(43) }),
    );

    const { read, items } = await page();
    const [rejected, confirmed] = decisionItems(items);
    expect(confirmed!.at).toBe(at(42).toISOString());
    const name = read.devices.nameOf(TABLET);
    expect(name).toBe('Device tablet');
    expect(describeDecisions(confirmed!.decisions, name)).toMatchObject({
      title: 'Confirmed on Device tablet: Set estimate to 30 minutes',
      how: 'Swiped',
    });
    expect(describeDecisions(rejected!.decisions, name)).toMatchObject({
      title: 'Rejected on Device tablet: Set priority to P1',
      how: 'Tapped Reject',
      note: 'Reason: Not now',
    });
    expect(read.devices.devices.map((device) => device.id)).toContain(TABLET);

    // Once the tablet's record (the journal's device list) is here, its name is used.
    await recordDevice(TABLET, 'Kitchen tablet');
    const named = await page();
    expect(named.read.devices.nameOf(TABLET)).toBe('Kitchen tablet');
    expect(named.read.devices.devices.map((device) => device.name)).toContain('Kitchen tablet');
    expect(
      describeDecisions(decisionItems(named.items)[1]!.decisions, 'Kitchen tablet').title,
    ).toBe('Confirmed on Kitchen tablet: Set estimate to 30 minutes');
  });

  it('says which device’s agent proposed what another device decided', async () => {
    await recordDevice(TABLET, 'Tablet');
    await recordDevice(LAPTOP, 'Laptop');
    const set = await propose(db, taskId, [
      { name: 'set_task_status', args: { status: 'IN PROGRESS' } },
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    await proposedOnLaptop(set.id);
    await onTablet(() => confirmItem(db, set.id, 0, { method: 'swipe', now: () => at(42) }));
    const { read, items } = await page();
    const [decided] = decisionItems(items);
    expect(decided!.decisions[0]!.proposedOn).toBe(LAPTOP);
    expect(describeDecisions(decided!.decisions, 'Tablet', read.devices.nameOf).title).toBe(
      'Confirmed on Tablet: Set status to IN PROGRESS · proposed by the agent on Laptop',
    );
    expect(read.devices.devices.map((device) => device.name)).toContain('Laptop');

    // Confirmed here: this device's own confirmation names the laptop's agent too.
    await confirmItem(db, set.id, 1, { method: 'button', now: () => at(43) });
    expect(ownConfirmationTitle(await page())).toBe(
      'Confirmed: Set estimate to 30 minutes · proposed by the agent on Laptop',
    );
  });

  it('keeps today’s words where the proposing device is unknown or this one', async () => {
    const set = await proposeEstimateAndPriority();
    // An item from before the proposing device was kept.
    const old = (await db.changeItems.get(`${set.id}:0`))!;
    delete old.proposedOn;
    await db.changeItems.put(old);
    await onTablet(() => confirmItem(db, set.id, 0, { method: 'swipe', now: () => at(42) }));
    await confirmItem(db, set.id, 1, { method: 'button', now: () => at(43) });

    const { read, items } = await page();
    const [decided] = decisionItems(items);
    expect(decided!.decisions[0]!.proposedOn).toBeUndefined();
    expect(describeDecisions(decided!.decisions, 'Tablet', read.devices.nameOf).title).toBe(
      'Confirmed on Tablet: Set estimate to 30 minutes',
    );
    expect([...read.proposals.values()].flat().map((fate) => fate.proposedOn)).toContain(
      read.devices.here,
    );
    expect(ownConfirmationTitle({ read, items })).toBe('Confirmed: Set priority to P1');
  });

  it('finds them by source, device, period and task, and leaves them out for this device', async () => {
    const set = await proposeEstimateAndPriority();
    await onTablet(() => confirmItem(db, set.id, 0, { method: 'keyboard', now: () => at(10) }));
    await confirmItem(db, set.id, 1, { method: 'button', now: () => at(20) });

    const count = async (filter: AuditFilter) => decisionItems((await page(filter)).items).length;
    expect(await count({ source: 'confirmation' })).toBe(1);
    expect(await count({ source: 'user' })).toBe(0);
    expect(await count({ source: 'agent' })).toBe(0);
    expect(await count({ device: TABLET })).toBe(1);
    expect(await count({ device: 'here' })).toBe(0);
    expect(await count({ device: 'phone-0000' })).toBe(0);
    expect(await count({ since: at(5).toISOString() })).toBe(1);
    expect(await count({ since: at(11).toISOString() })).toBe(0);
    expect(await count({ taskId })).toBe(1);
    expect(await count({ taskId: 'another-task' })).toBe(0);
    expect(await count({ kinds: ['thought'] })).toBe(0);
    // This device's own confirmation is in its trail, not doubled as a decision.
    const here = await page({ device: 'here' });
    expect(here.items.some((item) => item.type === 'entry')).toBe(true);
    expect((await page({ device: TABLET })).items.every((item) => item.type === 'decisions')).toBe(
      true,
    );
  });

  it('shows one card per Confirm all, on this device and from another', async () => {
    const mine = await propose(db, taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
      { name: 'update_task_priority', args: { priority: 'P1' } },
      { name: 'set_task_title', args: { title: 'Renamed' } },
    ]);
    await confirmAll(db, mine.id, { now: () => at(30) });
    const { items: local } = await page();
    const folded = local.filter((item) => item.type === 'confirmAll');
    expect(folded).toHaveLength(1);
    expect(folded[0]!.type === 'confirmAll' && folded[0]!.entries).toHaveLength(3);

    await db.delete();
    db = createTestDatabase();
    ({ taskId } = await createAgentReadyTask(db));
    const theirs = await propose(db, taskId, [
      { name: 'update_task_estimate', args: { minutes: 45 } },
      { name: 'update_task_priority', args: { priority: 'P0' } },
    ]);
    await onTablet(() => confirmAll(db, theirs.id, { now: () => at(31) }));
    const [one, ...more] = decisionItems((await page()).items);
    expect(more).toHaveLength(0);
    expect(describeDecisions(one!.decisions, 'Tablet')).toMatchObject({
      title: 'Confirmed 2 with Confirm all on Tablet',
      how: 'Confirm all',
      items: [
        expect.objectContaining({ summary: 'Set estimate to 45 minutes' }),
        expect.objectContaining({ summary: 'Set priority to P0' }),
      ],
    });
  });

  it('leaves out a synced batch that only carried a decision, and folds "No change" batches', async () => {
    await db.syncApplied.bulkPut([
      { operationId: 'remote-1', seq: 1, deviceId: TABLET, kind: 'journal', appliedAt: '' },
      { operationId: 'remote-2', seq: 2, deviceId: TABLET, kind: 'journal', appliedAt: '' },
      { operationId: 'remote-3', seq: 3, deviceId: TABLET, kind: 'decision', appliedAt: '' },
      { operationId: 'remote-4', seq: 4, deviceId: TABLET, kind: 'journal', appliedAt: '' },
    ]);
    await db.auditMessages.bulkAdd([
      syncMessage(1, {}),
      syncMessage(2, {}),
      syncMessage(3, { outcome: 'success', summary: 'Synced from another device (1 row)' }),
      syncMessage(4, { outcome: 'success', summary: 'Synced from another device (2 rows)' }),
    ]);
    const { items } = await page();
    const synced = items.filter(
      (item) =>
        item.type === 'quiet' || (item.type === 'entry' && item.entry.result?.source === 'sync'),
    );
    expect(synced.map((item) => item.type)).toEqual(['entry', 'quiet']);
    const [quiet] = synced.filter((item) => item.type === 'quiet');
    expect(quiet!.type === 'quiet' && quiet!.entries.map((entry) => entry.key)).toEqual([
      'sync-2',
      'sync-1',
    ]);
  });
});
