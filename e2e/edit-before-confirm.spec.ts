/**
 * Edit, then confirm, on a tablet with a finger: the agent proposes an estimate
 * of 90 minutes, the person taps the value, makes it 60 in the sheet and confirms. The task
 * shows 60, the history says "You changed 90 → 60", and the model's next request carries
 * what it proposed and what was applied instead. The sheet is also looked at on the three
 * screens (screenshots) and checked with axe.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { pointAtScriptedServer } from './pages/agent-settings';
import { ReviewHistory } from './pages/review-card';
import { TaskPage } from './pages/task-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { SIZES } from './support/sizes';
import { ScriptedModel, call, modelName } from './support/scripted-model';
import { swipe, tap } from './support/touch';

const REPORT = call('update_report', {
  oneLiner: 'Estimated.',
  tldr: 'An estimate.',
  content: 'x',
});
const QUARTERLY = 'sample-task-quarterly-report';

const test = base.extend<{ llm: ScriptedModel }>({
  llm: async ({ request }, provide, testInfo) => {
    await provide(new ScriptedModel(request, modelName(testInfo)));
  },
});

/** Sets up the scripted model, wakes the agent on the quarterly report, and waits for its proposal. */
async function proposeEstimate(page: Page, llm: ScriptedModel, minutes: number) {
  await llm.script([
    { toolCalls: [call('update_task_estimate', { minutes })] },
    { toolCalls: [REPORT] },
  ]);
  await pointAtScriptedServer(page, llm);
  const task = new TaskPage(page);
  await task.goto(QUARTERLY);
  const agent = new AgentPanel(page);
  await agent.wake();
  await expect(agent.statusLine).toHaveText('Done: 1 change proposed for your review.', {
    timeout: WAKE_TIMEOUT,
  });
  return { task, agent, row: agent.proposal(`Estimate · Set estimate to ${minutes} minutes`) };
}

test('edit an estimate from 90 to 60 by touch and confirm: the task, the history and the next wake know', async ({
  page,
  llm,
}) => {
  const { task, agent, row } = await proposeEstimate(page, llm, 90);
  const before = await row.boundingBox();

  await tap(page, row.getByRole('button', { name: /^Edit before confirming/ }));
  const sheet = page.getByRole('dialog', { name: 'Edit before confirming' });
  await expect(sheet).toBeVisible();
  // The sheet lies over the card: the list under it did not move.
  expect(await row.boundingBox()).toEqual(before);
  const minutes = sheet.getByRole('spinbutton', { name: 'Estimate (minutes)' });
  await expect(minutes).toHaveValue('90');
  // An invalid value is refused at the field, and nothing is applied.
  await minutes.fill('0');
  await tap(page, sheet.getByRole('button', { name: 'Confirm with changes' }));
  await expect(sheet.getByRole('alert')).toBeVisible();
  await expect(task.estimateField.first()).toHaveValue('180');

  await minutes.fill('60');
  await tap(page, sheet.getByRole('button', { name: 'Confirm with changes' }));
  await expect(sheet).toBeHidden();
  await expect(task.estimateField).toHaveValue('60');
  await expect(agent.proposalItems).toHaveCount(0);

  const history = new ReviewHistory(page);
  await history.open();
  const entry = history.entry('Set estimate to 90 minutes');
  await expect(entry).toContainText('Confirmed with changes');
  await expect(entry).toContainText('You changed 90 → 60');

  // The next wake tells the model what it proposed and what the person applied instead.
  await llm.script([{ toolCalls: [REPORT] }]);
  await agent.wake();
  await expect(agent.statusLine).toHaveText(/^Done/, { timeout: WAKE_TIMEOUT });
  const [request] = await llm.requests();
  const context = JSON.stringify(request!.messages);
  expect(context).toContain(
    'CONFIRMED WITH CHANGES: you proposed \\"Set estimate to 90 minutes\\"; the user applied \\"Set estimate to 60 minutes\\" instead (90 → 60)',
  );
  expect(context).toContain(
    'Estimate (this task): 1 confirmed with changes (typical edit: 90 → 60)',
  );
});

test('swipe right still confirms as proposed', async ({ page, llm }) => {
  const { task, row } = await proposeEstimate(page, llm, 90);
  await swipe(page, row, 300);
  await expect(task.estimateField).toHaveValue('90');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const size of SIZES) {
  test.describe(`the edit sheet on a ${size.name}`, () => {
    test.use(size.use);
    test('is a modal dialog over the card, passes axe, and Escape closes it', async ({
      page,
      llm,
    }, testInfo) => {
      const { row } = await proposeEstimate(page, llm, 90);
      await row.getByRole('button', { name: /^Edit before confirming/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Edit before confirming' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('spinbutton', { name: 'Estimate (minutes)' })).toBeFocused();
      const shot = `edit-sheet-${size.name.replace(/ /g, '-')}.png`;
      await page.screenshot({ path: testInfo.outputPath(shot) });
      await page.screenshot({ path: `/work/shots/${shot}` }).catch(() => undefined);
      await expectNoSeriousA11yViolations(page);
      // Focus stays in the sheet.
      for (let step = 0; step < 4; step++) await page.keyboard.press('Tab');
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(row).toBeVisible();
    });
  });
}
