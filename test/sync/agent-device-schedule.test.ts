// @vitest-environment node
/**
 * The person's schedule on agent devices, against a real nats-server with an injected
 * clock: a daily period fires once across two agent devices and a restart, wakes only the
 * open tasks the policy allows, and periods missed while every agent device was down fire
 * once (the newest) when one comes back.
 */
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { saveSchedule } from '../../src/dispatcher/agent-choices';
import { allowAgentCategories, createTask, userWrite } from '../support/test-database';
import {
  aliceJournal,
  caughtUp,
  serverWithDevice,
  startTestDevice,
  wakesIn,
  type Logged,
} from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const journal = serverWithDevice();
const url = () => journal.url();
const stateDir = tempStateDirs('countersign-agent-schedule-');

const fired = (events: Logged[]) => events.filter((each) => each.event === 'schedule-fired');
const declined = (events: Logged[]) =>
  events.filter((each) => each.event === 'schedule-already-fired');
const ended = (events: Logged[]) => events.filter((each) => each.event === 'wake-ended');

it('The schedule fires once per period across restarts and devices.', async () => {
  const laptop = journal.db();
  const category = await userWrite(laptop, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  const other = await userWrite(laptop, 'save_category', { name: 'Home', color: '#993333' });
  await allowAgentCategories(laptop, [categoryId]);
  const open = [
    await createTask(laptop, 'Fix the Safari logout', { categoryId }),
    await createTask(laptop, 'Renew the certificate', { categoryId }),
  ];
  const done = await createTask(laptop, 'Ship the release', { categoryId });
  await userWrite(laptop, 'change_task_status', { status: 'DONE' }, { taskId: done });
  const outside = await createTask(laptop, 'Paint the fence', {
    categoryId: other.data!.categoryId as string,
  });
  // Every day at 07:00 in Berlin (06:00 UTC in winter), set just after midnight UTC.
  await saveSchedule(laptop, {
    enabled: true,
    time: '07:00',
    timeZone: 'Europe/Berlin',
    since: '2026-11-27T00:00:00.000Z',
  });
  await waitFor(async () => (await laptop.outbox.count()) === 0 || undefined, 20_000, 'sent');

  let clock = new Date('2026-11-27T05:30:00Z');
  const now = () => clock;
  const dirA = stateDir();
  const dirB = stateDir();
  let a = await startTestDevice(aliceJournal(url()), dirA, { now });
  const b = await startTestDevice(aliceJournal(url()), dirB, { now });
  await caughtUp(url(), a.device);
  await caughtUp(url(), b.device);
  expect(fired([...a.events, ...b.events])).toHaveLength(0);

  clock = new Date('2026-11-27T06:00:30Z');
  await waitFor(
    () =>
      (fired([...a.events, ...b.events]).length === 1 &&
        declined([...a.events, ...b.events]).length === 1) ||
      undefined,
    20_000,
    'one device fired, the other declined',
  );
  await waitFor(
    () => ended([...a.events, ...b.events]).length === 2 || undefined,
    30_000,
    'two wakes',
  );
  const woken = wakesIn([...a.events, ...b.events]).map((each) => each.taskId);
  expect(woken.sort()).toEqual([...open].sort());
  expect(woken).not.toContain(done);
  expect(woken).not.toContain(outside);
  expect(fired([...a.events, ...b.events])[0]).toMatchObject({ period: '2026-11-27', tasks: 2 });

  // A restart in the same period: the claim on the server says it fired.
  await a.device.stop();
  a = await startTestDevice(aliceJournal(url()), dirA, { now });
  await waitFor(() => declined(a.events).length === 1 || undefined, 20_000, 'the restart declined');
  await caughtUp(url(), a.device);
  expect(fired(a.events)).toHaveLength(0);
  expect(wakesIn(a.events)).toHaveLength(0);

  // Every agent device down over two mornings: the newest period fires once, late.
  await a.device.stop();
  await b.device.stop();
  clock = new Date('2026-11-29T09:00:00Z');
  const back = await startTestDevice(aliceJournal(url()), dirB, { now });
  await waitFor(() => fired(back.events).length === 1 || undefined, 20_000, 'the missed period');
  expect(fired(back.events)[0]).toMatchObject({
    period: '2026-11-29',
    lateMs: 3 * 3_600_000,
  });
  const again = await startTestDevice(aliceJournal(url()), dirA, { now });
  await waitFor(() => declined(again.events).length === 1 || undefined, 20_000, 'not twice');
  await waitFor(() => ended(back.events).length === 2 || undefined, 30_000, 'its two wakes');
  await caughtUp(url(), again.device);
  expect(fired(again.events)).toHaveLength(0);
  await back.device.stop();
  await again.device.stop();
}, 180_000);
