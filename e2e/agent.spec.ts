/**
 * The task agent, end to end on a tablet: a person sets up the model in Settings, wakes
 * the agent on a task, follows its progress and finds its proposals and report, and is
 * told in words when the model is missing or refuses the key (agent-faults.spec.ts holds
 * the model that fails mid-wake). The model is e2e/support/scripted-llm-server.mjs
 * (started by playwright.config.ts): each test scripts its own model name, so parallel
 * workers never share a script.
 */
import { expect } from '@playwright/test';
import { WAKE_TIMEOUT } from './pages/agent-panel';
import { TaskPage } from './pages/task-page';
import { waitForServiceWorker } from './support/app';
import { call } from './support/scripted-model';
import {
  CATALOGUE,
  LOGIN_BUG,
  LOGIN_PROPOSALS,
  LOGIN_PROPOSAL_NAMES,
  LOGIN_REPORT,
  LOGIN_REPORT_TURN,
  OFFSITE,
  escapeRegExp,
  loginBugWithServer,
  setUpServer,
  test,
  toolResultsOf,
} from './pages/agent-script';

test.describe('agent settings', () => {
  test('saves a server, then Test connection says whether the model answers, refuses the key or is unknown', async ({
    settings,
    llm,
  }) => {
    await llm.script([{ toolCalls: [call('ping', {})] }, { text: 'pong' }]);
    await settings.goto();
    await settings.useCompatibleServer({ baseURL: llm.baseURL, model: llm.name });

    const result = await settings.testConnection();
    await expect(result).toHaveText(
      new RegExp(
        `^Success\\. The server at ${escapeRegExp(llm.baseURL)} answered in \\d+ ms, and the model "${llm.name}" called the test tool and answered its result\\. The agent can use it\\.$`,
      ),
    );
    const [ping] = await llm.requests();
    expect(ping?.tools?.map((tool) => tool.function.name)).toEqual(['ping']);

    // A key the server refuses (the scripted server answers 401 to "bad-key").
    await settings.apiKey.fill('bad-key');
    await expect(settings.connectionResult).toBeHidden();
    await settings.testConnection();
    await expect(settings.connectionResult).toHaveText(
      `The test failed. The server at ${llm.baseURL} did not accept the API key (HTTP 401). Check the key in Settings.`,
    );

    // A model the server does not have (no script under that name: Ollama's 404 wording).
    await settings.apiKey.fill('');
    const unknownModel = `${llm.name}-unknown`;
    await settings.model.fill(unknownModel);
    await settings.testConnection();
    await expect(settings.connectionResult).toHaveText(
      `The test failed. The server at ${llm.baseURL} does not know the "${unknownModel}" model. Check the model name.`,
    );
    // Testing tries what the form holds; only Save changes what the agent uses.
    await expect(settings.savedMessage).toBeHidden();
  });
});

test.describe('waking the agent', () => {
  test('a task outside the allowed categories sends nothing to the model; one tap on Allow makes the wake possible', async ({
    page,
    settings,
    agent,
    llm,
  }) => {
    await llm.script([LOGIN_REPORT_TURN]);
    await settings.goto();
    await settings.useCompatibleServer({ baseURL: llm.baseURL, model: llm.name });
    await new TaskPage(page).goto(LOGIN_BUG.id);

    const allow = agent.region.getByRole('button', {
      name: `Allow the agent on ${LOGIN_BUG.category}`,
    });
    await expect(allow).toBeVisible();
    await expect(agent.wakeButton).toHaveAttribute('aria-disabled', 'true');
    // A tap on it anyway (aria-disabled keeps it focusable, so it still gets the click).
    await agent.wakeButton.click({ force: true });
    await page.waitForTimeout(500);
    expect(await llm.requests()).toHaveLength(0);
    await expect(agent.statusLine).toHaveText('');

    await allow.click();
    await expect(allow).toBeHidden();
    await expect(agent.wakeButton).not.toHaveAttribute('aria-disabled', 'true');
    await agent.wake();
    await expect(agent.reportHeading).toBeVisible({ timeout: WAKE_TIMEOUT });
    expect(await llm.requests()).toHaveLength(1);
  });

  test('deleting an allowed category leaves no task the agent may act on', async ({
    page,
    settings,
    agent,
    llm,
  }) => {
    await setUpServer(settings, llm);
    const categories = page.getByRole('region', { name: 'Categories' });
    await categories.getByRole('button', { name: `Delete ${LOGIN_BUG.category}` }).click();
    await categories.getByRole('button', { name: 'Delete category' }).click();
    await expect(settings.category(LOGIN_BUG.category)).toHaveCount(0);
    await expect(settings.categories.getByText(/No category is ticked/)).toBeVisible();

    await new TaskPage(page).goto(LOGIN_BUG.id);
    await expect(agent.region.getByText(/This task has no category/)).toBeVisible();
    await expect(agent.wakeButton).toHaveAttribute('aria-disabled', 'true');
    await agent.wakeButton.click({ force: true });
    await page.waitForTimeout(500);
    expect(await llm.requests()).toHaveLength(0);
  });

  test('proposes changes turn by turn, teaches the model its mistake and writes a report', async ({
    settings,
    agent,
    llm,
  }) => {
    // Delays keep each turn on screen long enough to be seen.
    await llm.script([
      { ...LOGIN_PROPOSALS, delayMs: 800 },
      { ...LOGIN_REPORT_TURN, delayMs: 800 },
    ]);
    const task = await loginBugWithServer(settings, llm);
    await agent.recordStatusLines();

    await agent.wake();
    await expect(agent.statusLine).toHaveText('Done: 4 changes proposed for your review.', {
      timeout: WAKE_TIMEOUT,
    });
    // The line followed the wake: each turn while the model thought, then the outcome.
    const lines = await agent.statusLines();
    expect(lines).toContain('Thinking (turn 1 of up to 8)…');
    expect(lines).toContain('Thinking (turn 2 of up to 8)… 4 changes proposed so far.');
    expect(lines.at(-1)).toBe('Done: 4 changes proposed for your review.');

    await expect(agent.proposals.getByRole('heading', { level: 2 })).toHaveText(
      'Proposed changes (4)',
    );
    // The two checklist items are one proposal: two rows under one caption.
    await expect(agent.proposalItems).toHaveCount(4);
    await expect(
      agent.proposals.getByText(/^Checklist · several changes in one proposal/),
    ).toHaveCount(1);
    for (const name of LOGIN_PROPOSAL_NAMES) await expect(agent.proposal(name)).toBeVisible();
    await expect(agent.proposals.getByRole('article', { name: /^Due date/ })).toHaveCount(0);
    await expect(agent.reportHeading).toBeVisible();
    // The report's one-liner heads the proposals: why, next to what.
    await expect(agent.proposals.getByText(LOGIN_REPORT.oneLiner)).toBeVisible();
    await expect(agent.failure).toHaveCount(0);
    // Proposals wait for review: the task itself has not changed.
    await expect(task.titleField).toHaveValue(LOGIN_BUG.title);

    const requests = await llm.requests();
    expect(requests).toHaveLength(2);
    const offered = requests[0]!.tools?.map((tool) => tool.function.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(CATALOGUE));
    // Internal tools (singular batch parts, catalogue edits) are never offered.
    for (const internal of ['add_checklist_item', 'delete_task', 'import_journal', 'save_label']) {
      expect(offered).not.toContain(internal);
    }
    const toolResults = toolResultsOf(requests[1]!);
    expect(toolResults.get('call_0_0')).toContain('Proposal queued for user review.');
    expect(toolResults.get('call_0_3')).toContain('Invalid arguments for update_task_due_date');
    expect(toolResults.get('call_0_3')).toContain('That day does not exist in the calendar');
  });

  test('without a model, Wake agent says so and links to the agent settings', async ({
    page,
    settings,
    agent,
  }) => {
    await new TaskPage(page).goto(OFFSITE.id);
    await agent.region.getByRole('button', { name: /^Allow the agent on / }).click();

    await agent.wake();
    // Information, not an error: the agent is simply not set up yet.
    await expect(agent.setUpNotice).toBeVisible({ timeout: WAKE_TIMEOUT });
    await expect(agent.failure).toHaveCount(0);
    await agent.setUpNotice.getByRole('link', { name: 'Set up the agent' }).click();

    await expect(page).toHaveURL(/\/settings#agent$/);
    await expect(settings.section.getByRole('heading', { name: 'Agent', level: 2 })).toBeFocused();
    await expect(settings.provider).toHaveValue('');
  });

  test('the demo agent proposes and reports with the network off', async ({
    page,
    context,
    settings,
    agent,
  }) => {
    await settings.goto();
    await settings.useDemoAgent();
    await settings.allowCategory(LOGIN_BUG.category);
    const task = new TaskPage(page);
    await task.goto(LOGIN_BUG.id);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(task.titleField).toHaveValue(LOGIN_BUG.title);

    await agent.wake();
    await expect(agent.statusLine).toHaveText(/^Done: \d+ changes proposed for your review\.$/, {
      timeout: WAKE_TIMEOUT,
    });
    await expect(agent.proposal('Priority · Set priority to P0')).toBeVisible();
    await expect(agent.proposal('Estimate · Set estimate to 120 minutes')).toBeVisible();
    await expect(agent.reportHeading).toBeVisible();
    await agent.openReport();
    await expect(
      agent.region.getByText(
        'Safari drops the session cookie on the identity-provider redirect; fix is small but urgent.',
      ),
    ).toBeVisible();
    await expect(agent.observations).toContainText('Blocks the release on Friday.');
    await context.setOffline(false);
  });
});
