/**
 * Real servers' shapes through the built app: answers written after how
 * llama.cpp, vLLM, Mistral and DeepSeek really speak (e2e/support/provider-fixtures.mjs),
 * replayed by the scripted server. A person wakes the agent on the login bug and sees the
 * proposal, or the real cause of the failure and its fix, in words.
 */
import { test as base, expect } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { AgentSettings } from './pages/agent-settings';
import { TaskPage } from './pages/task-page';
import type { ProviderFixtureName } from './support/provider-fixtures.mjs';
import type { ScriptedTurn } from './support/scripted-llm-server.mjs';
import { ScriptedModel, call, modelName } from './support/scripted-model';

const LOGIN_BUG = { id: 'sample-task-login-bug', category: 'Work' };
const REPORT: ScriptedTurn = {
  toolCalls: [
    call('update_report', {
      oneLiner: 'A release blocker.',
      tldr: 'Raised to P0.',
      content: 'It blocks the release on Friday.',
    }),
  ],
};

const test = base.extend<{ llm: ScriptedModel; agent: AgentPanel }>({
  llm: async ({ request }, provide, testInfo) => {
    await provide(new ScriptedModel(request, modelName(testInfo)));
  },
  agent: async ({ page }, provide) => {
    await provide(new AgentPanel(page));
  },
});

test.beforeEach(async ({ page, llm }) => {
  const settings = new AgentSettings(page);
  await settings.goto();
  await settings.useCompatibleServer({ baseURL: llm.baseURL, model: llm.name });
  await settings.allowCategory(LOGIN_BUG.category);
});

async function wakeOn(fixture: ProviderFixtureName, llm: ScriptedModel, agent: AgentPanel) {
  await llm.script([{ fixture }, REPORT]);
  await new TaskPage(agent.page).goto(LOGIN_BUG.id);
  await agent.wake();
}

for (const fixture of [
  'calls-without-index',
  'continuation-empty-name',
  'reasoning-deltas',
] as const) {
  test(`${fixture}: the proposal arrives for review, and the report`, async ({ llm, agent }) => {
    await wakeOn(fixture, llm, agent);
    await expect(agent.reportHeading).toBeVisible({ timeout: WAKE_TIMEOUT });
    await expect(agent.proposal('Priority · Set priority to P0')).toBeVisible();
    await expect(agent.statusLine).toHaveText('Done: 1 change proposed for your review.');
  });
}

test('llamacpp-cannot-stream: asked again for whole answers, the wake proposes, and the next wake asks whole at once', async ({
  llm,
  agent,
}) => {
  await wakeOn('llamacpp-cannot-stream', llm, agent);
  await expect(agent.reportHeading).toBeVisible({ timeout: WAKE_TIMEOUT });
  await expect(agent.proposal('Priority · Set priority to P0')).toBeVisible();
  const streamed = (await llm.requests()).map((request) => request.stream === true);
  expect(streamed).toEqual([true, false, false]);

  await llm.script([REPORT]);
  await agent.wake();
  await expect(agent.statusLine).toHaveText(/^Done/, { timeout: WAKE_TIMEOUT });
  expect((await llm.requests()).map((request) => request.stream === true)).toEqual([false]);
});

test('llamacpp-needs-jinja: the failure names the server flag, not the model', async ({
  llm,
  agent,
}) => {
  await wakeOn('llamacpp-needs-jinja', llm, agent);
  await expect(agent.failureMessage).toContainText('Restart llama-server with --jinja', {
    timeout: WAKE_TIMEOUT,
  });
  await expect(agent.failureMessage).not.toContainText('cannot call tools');
});
