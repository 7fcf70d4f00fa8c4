/**
 * "Wake on ‹agent device›" in the built app (issue 28, decision 0014): a tablet with sync
 * set up and no model taps Wake agent on a task of its own; the request goes to the agent
 * device (`npm run agent-device` in its own process, the scripted model as its provider) on
 * the journeys' nats-server, which wakes and whose proposals arrive in that task's review
 * without a reload; the person confirms one by a touch swipe. With no agent device online
 * the tablet says what to do, and Wake agent can be tapped again.
 */
import { hostname } from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { AgentPanel } from './pages/agent-panel';
import { ReviewCard } from './pages/review-card';
import { TaskPage } from './pages/task-page';
import { startAgentDeviceProcess } from './support/agent-device-process';
import {
  agentDeviceJourneys,
  ESTIMATE_ROW,
  OWN_TASK_TURNS,
  STEP_ROW,
  tabletWithOwnTask,
} from './support/agent-device-journey';
import { ScriptedModel, modelName } from './support/scripted-model';
import { untilSent } from './support/stored-rows';
import { steadyBox, swipe, tap } from './support/touch';

agentDeviceJourneys();

const NO_AGENT_DEVICE =
  'No agent device is online, and this device has no model. Choose a model in Settings → Agent, or start an agent device on a computer that stays on (see the README, “Agent device”).';
/** What the agent device answers while it has not yet replayed the journal up to the task. */
const NOT_SYNCED_YET =
  'The agent device does not have this task yet. Wait until it has synced, then ask again.';

interface Seen {
  text: string;
  /** Where the task's Status field stood then (its top, in the page). */
  below: number;
}

declare global {
  interface Window {
    /** Every text the ask notice showed since recordAskNotices(), in order. */
    __askNotices?: Seen[];
  }
}

/**
 * Remembers every text of the ask notice ("Asking…" may last only a moment) and where a
 * field below the agent stood as it changed: a finger aiming at it must not see it move.
 */
async function recordAskNotices(agent: AgentPanel, task: TaskPage) {
  const below = await task.statusSelect.elementHandle();
  await agent.region.evaluate((region, field) => {
    const seen: Seen[] = [];
    window.__askNotices = seen;
    new MutationObserver(() => {
      const text = region.querySelector('.notice')?.textContent?.trim() ?? '';
      const top = field!.getBoundingClientRect().top + window.scrollY;
      if (text !== '' && seen.at(-1)?.text !== text) seen.push({ text, below: top });
    }).observe(region, { childList: true, subtree: true, characterData: true });
  }, below);
}

const askNotices = async (page: Page) =>
  (await page.evaluate(() => window.__askNotices ?? [])).map((seen) => seen.text);

/** Where the field below stood at each of the last `count` notices. */
const belowAtLast = async (page: Page, count: number) =>
  (await page.evaluate(() => window.__askNotices ?? [])).slice(-count).map((seen) => seen.below);

test('The tablet without a model asks the agent device to wake, and the proposals arrive.', async ({
  browser,
  request,
}, testInfo) => {
  const model = new ScriptedModel(request, modelName(testInfo));
  await model.script(OWN_TASK_TURNS);
  const { journal, tablet, taskId } = await tabletWithOwnTask(browser, testInfo);
  await untilSent(tablet);
  const device = await startAgentDeviceProcess(journal, model);
  await device.waitForEvents('answering', 1);

  const task = new TaskPage(tablet);
  await task.goto(taskId);
  const agent = new AgentPanel(tablet);
  const card = new ReviewCard(tablet);
  await expect(card.region).toHaveCount(0);
  await agent.wakeButton.scrollIntoViewIfNeeded();
  const before = await steadyBox(tablet, agent.wakeButton);
  await recordAskNotices(agent, task);

  // The agent device answers once it has replayed the journal up to this task; before, it
  // says it does not have it yet, and the person asks again.
  const asked = `Asked the agent on ${hostname().slice(0, 60)}. Its proposals appear here when it finishes.`;
  await expect(async () => {
    await tap(tablet, agent.wakeButton);
    await expect(agent.askNotice).toHaveText(asked, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const notices = await askNotices(tablet);
  expect(notices.slice(-2)).toEqual(['Asking the agent device…', asked]);
  for (const text of notices)
    expect(['Asking the agent device…', NOT_SYNCED_YET, asked]).toContain(text);
  // The answer took no more room than the tap did: the fields below stood still.
  const [asking, answer] = await belowAtLast(tablet, 2);
  expect(answer).toBe(asking);
  expect(await agent.wakeButton.boundingBox()).toEqual(before);
  await tablet.screenshot({ path: testInfo.outputPath('asked-820x1180.png') });

  // The agent device wakes on the request and the proposals arrive here, without a reload.
  const [woke] = await device.waitForEvents('wake-ended', 1, (logged) => logged.taskId === taskId);
  expect(woke).toMatchObject({ taskId, status: 'done' });
  expect(device.events.find((logged) => logged.event === 'wake-started')).toMatchObject({
    taskId,
    why: 'requested',
  });
  const estimate = card.row(ESTIMATE_ROW);
  await expect(estimate).toBeVisible({ timeout: 30_000 });
  await expect(card.row(STEP_ROW)).toBeVisible();
  await expect(agent.wakeButton).not.toHaveAttribute('aria-disabled');
  expect(await agent.wakeButton.boundingBox()).toEqual(before);
  await tablet.screenshot({ path: testInfo.outputPath('proposals-820x1180.png') });

  await estimate.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await swipe(tablet, estimate, 300);
  await expect(estimate).toHaveCount(0);
  await expect(card.toast('Applied: Set estimate to 120 minutes')).toBeVisible();
  await expect(task.estimateField).toHaveValue('120');
  await untilSent(tablet);
  expect(await device.stop()).toBe(0);
});

test('with no agent device online, Wake agent says what to do and can be tapped again', async ({
  browser,
}, testInfo) => {
  const { tablet } = await tabletWithOwnTask(browser, testInfo);
  const agent = new AgentPanel(tablet);
  const task = new TaskPage(tablet);
  await agent.wakeButton.scrollIntoViewIfNeeded();
  await steadyBox(tablet, agent.wakeButton);
  await recordAskNotices(agent, task);

  await tap(tablet, agent.wakeButton);
  await expect(agent.askNotice).toHaveText(NO_AGENT_DEVICE);
  await expect(agent.askNotice).toHaveClass(/notice--warning/);
  await expect(agent.wakeButton).not.toHaveAttribute('aria-disabled');
  const [asking, answer] = await belowAtLast(tablet, 2);
  expect(answer).toBe(asking);
  await tablet.screenshot({ path: testInfo.outputPath('none-online-820x1180.png') });

  // Nothing is stuck: the same button asks again, and gets the same honest answer.
  await tap(tablet, agent.wakeButton);
  await expect.poll(() => askNotices(tablet)).toHaveLength(4);
  expect(await askNotices(tablet)).toEqual([
    'Asking the agent device…',
    NO_AGENT_DEVICE,
    'Asking the agent device…',
    NO_AGENT_DEVICE,
  ]);

  // On a phone, where the answer takes five lines, nothing below moves when it arrives either.
  await tablet.setViewportSize({ width: 412, height: 915 });
  await agent.wakeButton.scrollIntoViewIfNeeded();
  await steadyBox(tablet, agent.wakeButton);
  await tap(tablet, agent.wakeButton);
  await expect.poll(() => askNotices(tablet)).toHaveLength(6);
  const [onPhone, answeredOnPhone] = await belowAtLast(tablet, 2);
  expect(answeredOnPhone).toBe(onPhone);
  await tablet.screenshot({ path: testInfo.outputPath('none-online-phone-412x915.png') });
});
