/**
 * A wake in the activity trail, as a person reads it on a tablet in portrait and in
 * landscape and on a phone: one card for the wake with what it did counted, its proposals
 * "Proposed" (never "Applied") while they wait, and "Confirmed" once confirmed, with the
 * record behind Details; axe finds nothing serious, in light and in dark. The agent is the
 * scripted demo agent (src/agent/demo/demo-script.ts), set up as a person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { SIZES } from './support/sizes';
import { ActivityPage } from './pages/activity-page';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { AgentSettings } from './pages/agent-settings';
import { ReviewCard } from './pages/review-card';
import { LOGIN_BUG } from './pages/review-setup';
import { TaskPage } from './pages/task-page';

// Settings, a wake (about 7 s on two busy cores), two visits to Activity and four axe scans.
test.describe.configure({ timeout: 60_000 });

const ESTIMATE = 'Set estimate to 120 minutes';
/** The demo's turn 1 on the login bug: five calls, six items (two checklist items in one). */
const PROPOSAL_CALLS = 5;

/** Settings → Agent: the demo agent; on the task, "Allow the agent on Work"; Wake agent. */
async function wakeDemoAgent(page: Page) {
  const settings = new AgentSettings(page);
  await settings.goto();
  await settings.useDemoAgent();
  const task = new TaskPage(page);
  await task.goto(LOGIN_BUG.id);
  const agent = new AgentPanel(page);
  await agent.region.getByRole('button', { name: /^Allow the agent on / }).click();
  await agent.wake();
  await expect(new ReviewCard(page).withCount(LOGIN_BUG.proposals)).toBeVisible({
    timeout: WAKE_TIMEOUT,
  });
  // The second turn writes the report: the wake is over once it can be woken again.
  await expect(agent.wakeButton).toBeEnabled({ timeout: WAKE_TIMEOUT });
  return task;
}

async function expectNoSeriousViolationsInLightAndDark(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('a wake is one card whose proposals read "Proposed" until confirmed, never "Applied"', async ({
      page,
    }, testInfo) => {
      const task = await wakeDemoAgent(page);
      const activity = new ActivityPage(page);
      await activity.open();

      // Closed, the wake is its heading and what it did, counted.
      const wake = activity.wake(LOGIN_BUG.title);
      await expect(wake).toBeVisible();
      await expect(wake).toContainText(`${LOGIN_BUG.proposals} Proposed`);
      await expect(wake).toContainText('2 Noted');
      const proposals = activity.steps(wake, 'Agent proposed: ');
      await expect(proposals).toHaveCount(0);

      await activity.openSteps(wake);
      await expect(proposals).toHaveCount(PROPOSAL_CALLS);
      for (const proposal of await proposals.all()) {
        await expect(proposal).toContainText('Proposed');
        await expect(proposal).not.toContainText('Applied');
      }
      const estimate = activity.entry(`Agent proposed: ${ESTIMATE}`);
      // What the model sent is behind Details, in words on the face.
      await expect(estimate.getByText('update_task_estimate')).toBeHidden();
      await activity.openDetails(estimate);
      await expect(activity.fact(estimate, 'Tool')).toHaveText('update_task_estimate');
      await expect(activity.fact(estimate, 'Arguments')).toContainText('"minutes": 120');
      await assertFitsTheScreen(page);
      await testInfo.attach('activity after a wake', {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
      await expectNoSeriousViolationsInLightAndDark(page);

      // Confirm one proposal on the task page.
      await task.goto(LOGIN_BUG.id);
      const card = new ReviewCard(page);
      const row = card.row(LOGIN_BUG.estimate);
      await card.confirmButton(row).click();
      await expect(row).toHaveCount(0);
      await expect(task.estimateField).toHaveValue('120');

      await activity.open();
      const confirmation = activity.entry(`Confirmed: ${ESTIMATE}`);
      await expect(confirmation).toContainText('Confirmed');
      await expect(confirmation).not.toContainText('Applied');
      await expect(wake).toContainText(`${LOGIN_BUG.proposals - 1} Proposed`);
      await expect(wake).toContainText('1 Confirmed');
      await activity.openSteps(wake);
      await expect(estimate).toContainText('Confirmed');
      for (const proposal of await proposals.all()) {
        await expect(proposal).not.toContainText('Applied');
      }
      await expectNoSeriousViolationsInLightAndDark(page);
    });
  });
}

/** Nothing wider than the screen: no sideways scrolling to read a card. */
async function assertFitsTheScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
