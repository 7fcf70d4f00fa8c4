/**
 * The task agent, end to end on a tablet: a person sets up the model in Settings, wakes
 * the agent on a task, follows its progress and finds its proposals and report, and is
 * told in words when the model is missing, unreachable, refuses the key, breaks off
 * mid-answer or asks to slow down. The model is e2e/support/scripted-llm-server.mjs
 * (started by playwright.config.ts): each test scripts its own model name, so parallel
 * workers never share a script.
 */
import { createServer, type AddressInfo } from 'node:net';
import { test as base, expect } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { AgentSettings } from './pages/agent-settings';
import { TaskPage } from './pages/task-page';
import { waitForServiceWorker } from './support/app';
import type { ScriptedChatRequest, ScriptedTurn } from './support/scripted-llm-server.mjs';
import { ScriptedModel, call, modelName } from './support/scripted-model';

const LOGIN_BUG = { id: 'sample-task-login-bug', title: 'fix login', category: 'Work' };
const OFFSITE = { id: 'sample-task-offsite' };

/** The tools a wake offers the model: the model-facing catalogue and the two wake tools. */
const CATALOGUE = [
  'set_task_title',
  'update_task_estimate',
  'update_task_due_date',
  'update_task_priority',
  'set_task_status',
  'set_task_language',
  'assign_task_labels',
  'add_multiple_checklist_items',
  'update_checklist_items',
  'update_report',
  'record_observations',
];

const test = base.extend<{ llm: ScriptedModel; settings: AgentSettings; agent: AgentPanel }>({
  llm: async ({ request }, provide, testInfo) => {
    await provide(new ScriptedModel(request, modelName(testInfo)));
  },
  settings: async ({ page }, provide) => {
    await provide(new AgentSettings(page));
  },
  agent: async ({ page }, provide) => {
    await provide(new AgentPanel(page));
  },
});

/** Settings → Agent: the scripted server at `baseURL`, allowed to act on the login bug's category. */
async function setUpServer(settings: AgentSettings, llm: ScriptedModel, baseURL = llm.baseURL) {
  await settings.goto();
  await settings.useCompatibleServer({ baseURL, model: llm.name });
  await settings.allowCategory(LOGIN_BUG.category);
}

/** A port nothing listens on: bound by the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
  return port;
}

const LOGIN_TITLE = 'Fix the Safari logout after sign-in';
const LOGIN_ITEMS = [
  'Set SameSite=Lax on the session cookie',
  'Add a regression test for the Safari redirect',
];
const LOGIN_REPORT = {
  oneLiner: 'Safari drops the session cookie on the redirect; a small, urgent fix.',
  tldr: 'The cookie is SameSite=Strict. I proposed a clearer title, a two-hour estimate and the two steps left.',
  content: '## What I proposed\n- A clearer title\n- Estimate: 2 h\n- Two checklist items',
};

/** Turn 1 of the login-bug script: three good proposals (four items) and a date that does not exist. */
const LOGIN_PROPOSALS: ScriptedTurn = {
  text: 'The entries describe a Safari-only logout caused by the session cookie.',
  toolCalls: [
    call('set_task_title', { title: LOGIN_TITLE }),
    call('update_task_estimate', { minutes: 120 }),
    call('add_multiple_checklist_items', { items: LOGIN_ITEMS.map((title) => ({ title })) }),
    call('update_task_due_date', { dueDate: '2026-02-31' }),
  ],
};
const LOGIN_REPORT_TURN: ScriptedTurn = { toolCalls: [call('update_report', LOGIN_REPORT)] };

/** The review rows LOGIN_PROPOSALS leads to: kind · summary. */
const LOGIN_PROPOSAL_NAMES = [
  `Title · Set title to "${LOGIN_TITLE}"`,
  'Estimate · Set estimate to 120 minutes',
  ...LOGIN_ITEMS.map((item) => `Checklist · Add: "${item}"`),
];

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
    page,
    settings,
    agent,
    llm,
  }) => {
    // Delays keep each turn on screen long enough to be seen.
    await llm.script([
      { ...LOGIN_PROPOSALS, delayMs: 800 },
      { ...LOGIN_REPORT_TURN, delayMs: 800 },
    ]);
    await setUpServer(settings, llm);
    const task = new TaskPage(page);
    await task.goto(LOGIN_BUG.id);
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

  test('says the server cannot be reached, with the CORS hint, and proposes nothing', async ({
    page,
    settings,
    agent,
    llm,
  }) => {
    const port = await closedPort();
    const baseURL = `http://127.0.0.1:${port}/v1`;
    await setUpServer(settings, llm, baseURL);
    await new TaskPage(page).goto(LOGIN_BUG.id);

    await agent.wake();
    await expect(agent.failure).toContainText(`Could not reach the server at ${baseURL}.`, {
      timeout: WAKE_TIMEOUT,
    });
    await expect(agent.failure).toContainText('does not allow requests from this app (CORS)');
    await expect(agent.failure).toContainText('The server must allow requests from http://');
    await expect(agent.statusLine).toHaveText('');
    await expect(agent.proposals).toHaveCount(0);
    await expect(agent.wakeButton).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('an answer cut off in turn 1 is said in words and leaves no proposals', async ({
    page,
    settings,
    agent,
    llm,
  }) => {
    // Six chunks: the role, the whole set_task_title call (its name, then its arguments in
    // three pieces) and the start of the next call. A complete call in a broken answer
    // must not be acted on either.
    await llm.script([
      { toolCalls: LOGIN_PROPOSALS.toolCalls, cutAfterChunks: 6 },
      LOGIN_REPORT_TURN,
    ]);
    await setUpServer(settings, llm);
    const task = new TaskPage(page);
    await task.goto(LOGIN_BUG.id);

    await agent.wake();
    await expect(agent.failureMessage).toHaveText(
      `The connection to the server at ${llm.baseURL} dropped in the middle of an answer. Try again.`,
      { timeout: WAKE_TIMEOUT },
    );
    await expect(agent.statusLine).toHaveText('');
    await expect(agent.proposals).toHaveCount(0);
    await expect(agent.reportHeading).toHaveCount(0);
    await expect(task.titleField).toHaveValue(LOGIN_BUG.title);
    expect(await llm.requests()).toHaveLength(1);
  });

  test('an answer that never says it finished is said so, not called a dropped connection', async ({
    page,
    settings,
    agent,
    llm,
  }) => {
    // Every chunk and [DONE] arrive, but no chunk carries a finish_reason: the answer may
    // have been cut short upstream, so none of it is acted on, and the words say why.
    await llm.script([{ ...LOGIN_PROPOSALS, withoutFinishReason: true }, LOGIN_REPORT_TURN]);
    await setUpServer(settings, llm);
    const task = new TaskPage(page);
    await task.goto(LOGIN_BUG.id);

    await agent.wake();
    await expect(agent.failureMessage).toHaveText(
      `The server at ${llm.baseURL} ended its answer without saying it was complete (no finish reason), so nothing from that answer was kept. Try again; if it keeps happening, something between here and the model may be cutting answers short, or the server does not follow the OpenAI streaming format.`,
      { timeout: WAKE_TIMEOUT },
    );
    await expect(agent.proposals).toHaveCount(0);
    await expect(task.titleField).toHaveValue(LOGIN_BUG.title);
    expect(await llm.requests()).toHaveLength(1);
  });

  test('an answer cut off in turn 2 keeps what turn 1 proposed', async ({
    page,
    settings,
    agent,
    llm,
  }) => {
    // Three chunks: the role, update_report's name and a third of its arguments.
    await llm.script([LOGIN_PROPOSALS, { ...LOGIN_REPORT_TURN, cutAfterChunks: 3 }]);
    await setUpServer(settings, llm);
    await new TaskPage(page).goto(LOGIN_BUG.id);

    await agent.wake();
    await expect(agent.failureMessage).toHaveText(
      `The connection to the server at ${llm.baseURL} dropped in the middle of an answer. Try again. The 4 changes proposed before that are waiting for your review.`,
      { timeout: WAKE_TIMEOUT },
    );
    await expect(agent.proposalItems).toHaveCount(4);
    for (const name of LOGIN_PROPOSAL_NAMES) await expect(agent.proposal(name)).toBeVisible();
    // The report was in the broken answer: none is shown.
    await expect(agent.reportHeading).toHaveCount(0);
  });

  test('waits out a rate limit (429, Retry-After: 1) and then finishes', async ({
    page,
    settings,
    agent,
    llm,
  }) => {
    await llm.script([
      {
        status: 429,
        headers: { 'retry-after': '1' },
        times: 1,
        then: { toolCalls: [call('update_task_estimate', { minutes: 120 })] },
      },
      LOGIN_REPORT_TURN,
    ]);
    await setUpServer(settings, llm);
    await new TaskPage(page).goto(LOGIN_BUG.id);
    await agent.recordStatusLines();

    await agent.wake();
    await expect(agent.statusLine).toHaveText('Done: 1 change proposed for your review.', {
      timeout: WAKE_TIMEOUT,
    });
    expect(await agent.statusLines()).toContain(
      'Waiting 1 s: the provider asked to wait before the next request (rate limit).',
    );
    await expect(agent.failure).toHaveCount(0);
    await expect(agent.proposal('Estimate · Set estimate to 120 minutes')).toBeVisible();
    await agent.openReport();
    await expect(agent.region.getByText(LOGIN_REPORT.oneLiner)).toBeVisible();

    // Turn 1 asked twice (refused, then answered), turn 2 once.
    const requests = await llm.requests();
    expect(requests).toHaveLength(3);
    expect(requests.map((request) => assistantMessages(request))).toEqual([0, 0, 1]);
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

/** The tool results a request carried back to the model, by tool call id. */
function toolResultsOf(request: ScriptedChatRequest): Map<string, string> {
  return new Map(
    request.messages
      .filter((message) => message.role === 'tool' && message.tool_call_id !== undefined)
      .map((message) => [
        message.tool_call_id!,
        typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
      ]),
  );
}

function assistantMessages(request: ScriptedChatRequest): number {
  return request.messages.filter((message) => message.role === 'assistant').length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
