/**
 * Rules from decisions, on a tablet: the person rejects the label "Waiting" on
 * three tasks of Work, accepts the offer "Stop proposing the label "Waiting" for Work?",
 * and the next wake in Work proposes no label; the model is told why. Settings → Agent
 * lists the rule with what made it and how often it fired.
 */
import { test as base, expect } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { pointAtScriptedServer } from './pages/agent-settings';
import { TaskPage } from './pages/task-page';
import { ScriptedModel, call, modelName } from './support/scripted-model';
import { tap } from './support/touch';

const WAITING = 'sample-label-waiting';
const WORK_TASKS = ['sample-task-login-bug', 'sample-task-offsite', 'sample-task-quarterly-report'];
const NEWSLETTER = 'sample-task-newsletter';
const REPORT = call('update_report', { oneLiner: 'Labelled.', tldr: 'A label.', content: 'x' });

const test = base.extend<{ llm: ScriptedModel }>({
  llm: async ({ request }, provide, testInfo) => {
    await provide(new ScriptedModel(request, modelName(testInfo)));
  },
});

test('reject a label three times, accept the offer, and the next wake proposes no label', async ({
  page,
  llm,
}) => {
  test.setTimeout(120_000);
  await llm.script([
    { toolCalls: [call('assign_task_labels', { labels: [{ id: WAITING }] })] },
    { toolCalls: [REPORT] },
  ]);
  const settings = await pointAtScriptedServer(page, llm);
  const task = new TaskPage(page);
  const agent = new AgentPanel(page);
  const offer = page.getByRole('region', { name: 'Stop proposing the label "Waiting" for Work?' });

  for (const [index, taskId] of WORK_TASKS.entries()) {
    await task.goto(taskId);
    await agent.wake();
    await expect(agent.statusLine).toHaveText('Done: 1 change proposed for your review.', {
      timeout: WAKE_TIMEOUT,
    });
    const row = agent.proposals.getByRole('article', { name: /^Labels · / });
    await tap(page, row.getByRole('button', { name: /^Reject: / }));
    await expect(agent.proposalItems).toHaveCount(0);
    // Offered exactly at the third rejection in Work, not before.
    if (index < 2) await expect(offer).toHaveCount(0);
  }
  await expect(offer).toBeVisible();
  await tap(page, offer.getByRole('button', { name: 'Stop proposing' }));
  await expect(offer).toBeHidden();
  await expect(
    page.getByText(/The agent no longer proposes this on tasks in "Work"/),
  ).toBeVisible();

  await task.goto(NEWSLETTER);
  await agent.wake();
  await expect(agent.statusLine).toHaveText(/^Done/, { timeout: WAKE_TIMEOUT });
  await expect(agent.proposalItems).toHaveCount(0);
  const requests = await llm.requests();
  expect(JSON.stringify(requests.at(-1)!.messages)).toContain(
    'the user turned off this kind of proposal for tasks in this category',
  );

  await settings.goto();
  const rules = page.getByRole('region', { name: 'Rules' });
  const rule = rules
    .getByRole('listitem')
    .filter({ hasText: 'Stop proposing the label "Waiting" for Work' });
  await expect(rule).toContainText('You rejected the label "Waiting" 3 times on tasks in Work.');
  await expect(rule).toContainText('fired 1 time');

  // How it went: the three rejections, and the four wakes, readable on a phone's width.
  const stats = page.getByRole('region', { name: 'How it went' });
  await expect(stats.getByRole('row', { name: /^Labels/ })).toContainText('3');
  await expect(
    stats.getByRole('table', { name: 'Wakes of the last 30 days' }).getByRole('row'),
  ).toHaveCount(5);
  await page.setViewportSize({ width: 412, height: 915 });
  await stats.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await page.screenshot({ path: test.info().outputPath('agent-stats-phone.png') });
  await page.screenshot({ path: '/work/shots/agent-stats-phone.png' }).catch(() => undefined);
});
