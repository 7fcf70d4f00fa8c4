// @vitest-environment node
/**
 * The agent device keeps the app's automatic-wake rules for what arrives from other
 * devices: the person's entry wakes it, but their confirmation of its proposal does not
 * (the decision is read on the next wake), just as a confirmation never wakes the agent on
 * the device where it was made.
 */
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { createTask, userWrite } from '../support/test-database';
import { aliceJournal, caughtUp, startTestDevice, wakesIn } from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const rig = laptopOnNatsServer();
const newStateDir = tempStateDirs('countersign-agent-device-');

it('wakes on the person’s entry from another device, not on their confirming its proposal', async () => {
  const laptop = rig.laptop();
  const categoryId = await rig.allowedCategory();
  const taskId = await createTask(laptop, 'Fix the Safari logout', { categoryId });
  const { sent } = rig;
  // The journal before the agent device joined: history, never a trigger.
  await sent();

  const { device, events } = await startTestDevice(aliceJournal(rig.url()), newStateDir());
  await userWrite(laptop, 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });
  await waitFor(
    () => events.find((each) => each.event === 'wake-ended'),
    20_000,
    'the first wake ended',
  );
  const item = await waitFor(
    async () => (await laptop.changeItems.toArray()).find((each) => each.status === 'pending'),
    20_000,
    'the proposal on the laptop',
  );

  // The person confirms it on the laptop: the task's field changes there, and here.
  expect((await confirmItem(laptop, item.changeSetId, item.itemIndex)).status).toBe('applied');
  await sent();
  await caughtUp(rig.url(), device);
  // Longer than the device's quiet time (300 ms), so a wake it would start has started.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(wakesIn(events).map((each) => each.taskId)).toEqual([taskId]);

  // The person's next entry wakes it again: the rule is about whose edit it was.
  await userWrite(laptop, 'add_journal_entry', { text: 'Only after SSO.' }, { taskId });
  await waitFor(() => (wakesIn(events).length === 2 ? true : undefined), 20_000, 'the second wake');
  await device.stop();
});
