/**
 * One wake per trigger across devices, in the built app on a tablet with the journeys'
 * nats-server (issue 28): while another device holds the task's claim and says its
 * progress live, the task page shows who is working, turn by turn, and holds its Wake
 * button; when that wake ends the line goes. A wake the person asks for while the claim
 * still holds does not start and says who works; once the claim is released it runs.
 * The other device is this test's own NATS connection, writing what an agent device's
 * claim-then-wake writes (src/sync/claims): its claim on the stream, its notes on core NATS.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { expect, test } from '@playwright/test';
import { SYNC_LEASE_PORT } from '../playwright.config';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { AgentSettings } from './pages/agent-settings';
import { SyncSettings } from './pages/sync-settings';
import { TaskPage } from './pages/task-page';
import { closeDevices, leaseJournal, newDevice } from './support/sync-devices';

test.describe.configure({ timeout: 120_000 });
test.afterEach(closeDevices);

const TASK_ID = 'sample-task-login-bug';
const HOME = 'home-server-1';

test('a tab shows who is working while another device holds the claim, and progress appears and goes', async ({
  browser,
}, testInfo) => {
  const journal = await leaseJournal();
  const tablet = await newDevice(browser, testInfo);
  const settings = new AgentSettings(tablet);
  await settings.goto();
  await settings.useDemoAgent();
  await settings.allowCategory('Work');
  await new SyncSettings(tablet).connect(journal);
  await new TaskPage(tablet).goto(TASK_ID);
  const agent = new AgentPanel(tablet);

  const home: NatsConnection = await connect({
    servers: `nats://127.0.0.1:${SYNC_LEASE_PORT - 2}`,
    user: journal.user,
    pass: journal.password,
  });
  try {
    const claim = (attempt: number, state: 'working' | 'done') =>
      jetstream(home).publish(
        `cs.${journal.user}.claim.${TASK_ID}.${attempt}`,
        JSON.stringify({ v: 1, deviceId: HOME, taskId: TASK_ID, covers: 1_000_000, state }),
      );
    const say = (turn: number, state: 'working' | 'ended') => {
      home.publish(
        `cs-live.${journal.user}.wake-progress`,
        JSON.stringify({ v: 1, deviceId: HOME, taskId: TASK_ID, turn, state }),
      );
      return home.flush();
    };
    await claim(1, 'working');

    // Core NATS keeps nothing: the note is said until the tab, once subscribed, shows it.
    await expect(async () => {
      await say(2, 'working');
      await expect(agent.statusLine).toHaveText(
        'The agent on another device is working on this task: turn 2.',
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 20_000 });
    await expect(agent.wakeButton).toHaveAttribute('aria-disabled', 'true');
    await tablet.screenshot({ path: testInfo.outputPath('working-elsewhere-820x1180.png') });

    await say(2, 'ended');
    await expect(agent.statusLine).not.toContainText('another device');
    await expect(agent.wakeButton).not.toHaveAttribute('aria-disabled');

    // Its claim still holds (its lease runs by the server's clock): the tablet does not start.
    await agent.wakeButton.tap();
    await expect(agent.statusLine).toHaveText('The agent on another device is working on this.');

    // Released, the next wake the person asks for claims the task and runs here.
    await claim(2, 'done');
    await agent.wakeButton.tap();
    await expect(agent.statusLine).toHaveText(/^Done: /, { timeout: WAKE_TIMEOUT });
  } finally {
    await home.close();
  }
});
