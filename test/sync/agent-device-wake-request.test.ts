// @vitest-environment node
/**
 * "Wake on ‹agent device›" against a real nats-server, with the agent device in this
 * process: a tablet with no model asks, the agent device checks the policy, claims the
 * task and wakes, and its proposals arrive on the journal.db(). With no agent device online, or
 * a task the agent may not act on, the tablet is told what to do instead.
 */
import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { readProviderSettings } from '../../src/db/agent-settings';
import { askAgentDeviceToWake } from '../../src/sync/live/ask-agent-device';
import { NO_AGENT_DEVICE } from '../../src/sync/live/ask-words';
import { allowAgentCategories, createTask, userWrite } from '../support/test-database';
import {
  aliceJournal,
  caughtUp,
  serverWithDevice,
  startTestDevice,
  SYNC_OPTIONS,
  wakesIn,
} from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const journal = serverWithDevice();
const url = () => journal.url();
const stateDir = tempStateDirs('countersign-agent-request-');

const ask = (taskId: string) =>
  askAgentDeviceToWake(journal.db(), taskId, { connect: SYNC_OPTIONS.connect });

it('The tablet without a model asks the agent device to wake, and the proposals arrive.', async () => {
  const tablet = journal.db();
  expect(await readProviderSettings(tablet)).toBeUndefined();
  const category = await userWrite(tablet, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  await allowAgentCategories(tablet, [categoryId]);
  const taskId = await createTask(tablet, 'Fix the Safari logout', { categoryId });
  const outside = await createTask(tablet, 'Paint the fence');
  await waitFor(async () => (await tablet.outbox.count()) === 0 || undefined, 20_000, 'sent');

  expect(await ask(taskId)).toEqual({ asked: false, message: NO_AGENT_DEVICE });

  const agent = await startTestDevice(aliceJournal(url()), stateDir());
  try {
    await caughtUp(url(), agent.device);
    await waitFor(
      () => agent.events.some((each) => each.event === 'sync') || undefined,
      10_000,
      'the agent device is up',
    );
    const asked = await waitFor(
      async () => {
        const outcome = await ask(taskId);
        return outcome.message === NO_AGENT_DEVICE ? undefined : outcome;
      },
      10_000,
      'the agent device answers',
    );
    expect(asked).toEqual({
      asked: true,
      message: `Asked the agent on ${hostname().slice(0, 60)}.`,
    });

    await waitFor(
      async () =>
        (await tablet.changeItems.where('taskId').equals(taskId).count()) > 0 || undefined,
      30_000,
      'the proposals arrived on the tablet',
    );
    const [item] = await tablet.changeItems.where('taskId').equals(taskId).toArray();
    expect(item).toMatchObject({ toolName: 'update_task_priority', status: 'pending' });
    expect(wakesIn(agent.events)).toMatchObject([{ taskId, why: 'requested' }]);

    const refused = await ask(outside);
    expect(refused.asked).toBe(false);
    expect(refused.message).toMatch(/Give this task a category/);
    expect(wakesIn(agent.events)).toHaveLength(1);
  } finally {
    await agent.device.stop();
  }
}, 120_000);
