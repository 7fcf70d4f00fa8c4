// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeClaimServer } from '../../test/support/fake-claim-server';
import {
  allowAgentCategories,
  createTask,
  createTestDatabase,
  userWrite,
} from '../../test/support/test-database';
import { saveProviderSettings } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { saveSchedule } from '../dispatcher/agent-choices';
import { taskClaims, type ClaimServer } from '../sync/claims/task-claims';
import { NO_KEYS } from '../sync/seal/key-ring';
import { jsonLinesLog } from './device-log';
import { startScheduleLoop } from './schedule-loop';
import type { ForcedEnd } from './wake-loop';

const LEASE_MS = 300;

interface Event {
  event: string;
  [key: string]: unknown;
}

/** One agent device's schedule over `server`: its wakes end as `ends` says, in the order asked. */
function scheduleOn(
  db: CountersignDatabase,
  server: ClaimServer,
  deviceId: string,
  ends: ForcedEnd[] = [],
) {
  const events: Event[] = [];
  const asked: string[] = [];
  const schedule = startScheduleLoop({
    db,
    log: jsonLinesLog((line) => void events.push(JSON.parse(line) as Event)),
    claims: taskClaims({
      server,
      user: 'alice',
      deviceId: () => deviceId,
      ring: async () => NO_KEYS,
      leaseMs: LEASE_MS,
    }),
    loop: {
      wakeNow(taskIds, _why, ended) {
        for (const taskId of taskIds) {
          asked.push(taskId);
          const end = ends.shift() ?? 'woken';
          setTimeout(() => ended?.(taskId, end), 5);
        }
      },
    },
    now: () => new Date('2026-11-27T08:00:00Z'),
    caughtUp: async () => true,
    leaseMs: LEASE_MS,
  });
  const until = async (event: string) => {
    for (let tries = 0; tries < 400; tries += 1) {
      await schedule.look();
      if (events.some((each) => each.event === event)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No ${event} in ${JSON.stringify(events)}`);
  };
  return { schedule, events, asked, until };
}

describe('the schedule’s period, held while its wakes run', () => {
  let db: CountersignDatabase;
  let tasks: string[];
  beforeEach(async () => {
    db = createTestDatabase();
    await saveProviderSettings(db, {
      kind: 'openai-compatible',
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'scripted',
      apiKey: 'never-logged-key',
    });
    const category = await userWrite(db, 'save_category', { name: 'Web', color: '#336699' });
    const categoryId = category.data!.categoryId as string;
    await allowAgentCategories(db, [categoryId]);
    tasks = [
      await createTask(db, 'Fix the Safari logout', { categoryId }),
      await createTask(db, 'Renew the certificate', { categoryId }),
      await createTask(db, 'Answer the auditor', { categoryId }),
    ];
    await saveSchedule(db, {
      enabled: true,
      time: '07:00',
      timeZone: 'UTC',
      since: '2026-11-27T00:00:00.000Z',
    });
  });

  it('asks again for a task another device was waking, and is done once every task was woken', async () => {
    const { server } = fakeClaimServer();
    const device = scheduleOn(db, server, 'agent-a', ['woken', 'held', 'woken']);
    await device.until('schedule-done');
    const held = device.asked[1]!;
    expect(device.asked).toHaveLength(4);
    expect(device.asked.at(-1)).toBe(held);
    expect([...new Set(device.asked)].sort()).toEqual([...tasks].sort());
    // Every later look, here or on another device, finds it done and wakes nothing.
    const other = scheduleOn(db, server, 'agent-b');
    await other.until('schedule-already-fired');
    expect(other.asked).toEqual([]);
  });

  it('leaves a period whose wake did not run open: restarted, it wakes only the tasks not yet woken', async () => {
    const { server } = fakeClaimServer();
    const before = scheduleOn(db, server, 'agent-a', ['woken', 'not-run']);
    await before.until('schedule-unfinished');
    expect(before.asked).toHaveLength(2);
    await before.schedule.stop();

    const restarted = scheduleOn(db, server, 'agent-a');
    await restarted.until('schedule-done');
    expect(restarted.events.find((each) => each.event === 'schedule-resumed')).toMatchObject({
      period: '2026-11-27',
      tasks: 2,
    });
    expect([...restarted.asked].sort()).toEqual(
      tasks.filter((taskId) => taskId !== before.asked[0]).sort(),
    );
  });
});
