/**
 * End to end: a model writes links no URL parser can read into its
 * report (a placeholder port, half an address, a broken escape). The report shows them
 * as text, and the task page around it keeps working: a field saves, the agent wakes again.
 */
import { expect, test } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { pointAtScriptedServer } from './pages/agent-settings';
import { TaskPage } from './pages/task-page';
import { ScriptedModel, call, modelName } from './support/scripted-model';

const TASK = 'sample-task-login-bug';

const HOSTILE_REPORT = {
  oneLiner: 'The API moved; the docs links are below.',
  tldr: 'Two placeholders and one real page.',
  content: [
    '## Links',
    '- [the API](https://api.example.com:port/v1)',
    '- [local](<https://[::1>)',
    '- [write to ops](mailto:%E0%A4%A)',
    '- [broken host](https://%zz)',
    '- [the docs](https://example.com/docs)',
  ].join('\n'),
};

const NEXT_REPORT = {
  oneLiner: 'Estimate noted; nothing else to propose.',
  tldr: 'The estimate is now 45 minutes.',
  content: 'No links this time.',
};

test('a report with links nobody can read still shows, and the task page keeps working', async ({
  page,
  request,
}, testInfo) => {
  const llm = new ScriptedModel(request, modelName(testInfo));
  await llm.script([{ toolCalls: [call('update_report', HOSTILE_REPORT)] }]);
  await pointAtScriptedServer(page, llm);
  const task = new TaskPage(page);
  const agent = new AgentPanel(page);
  await task.goto(TASK);

  await agent.wake();
  await expect(agent.reportHeading).toBeVisible({ timeout: WAKE_TIMEOUT });
  await agent.openReport();
  await agent.region.getByText('Full report').click();
  const report = agent.region.locator('.agent-report__markdown');
  for (const text of ['the API', 'local', 'write to ops', 'broken host'])
    await expect(report.getByText(text, { exact: true })).toBeVisible();
  await expect(report.getByRole('link')).toHaveCount(1);
  await expect(
    report.getByRole('link', { name: 'the docs (opens example.com in a new tab)' }),
  ).toBeVisible();
  await expect(page.getByText('This page could not be opened')).toHaveCount(0);

  // The page still edits, and the edit is kept.
  await task.enter(task.estimateField, '45');
  await expect(page.getByText('45 min', { exact: true })).toBeVisible();
  await page.reload();
  await expect(task.estimateField).toHaveValue('45');
  await expect(agent.reportHeading).toBeVisible();

  // And the agent wakes again, replacing the report.
  await llm.script([{ toolCalls: [call('update_report', NEXT_REPORT)] }]);
  await agent.wake();
  await expect(agent.region.getByText(NEXT_REPORT.oneLiner)).toBeAttached({
    timeout: WAKE_TIMEOUT,
  });
});
