/**
 * The agent journeys' shared script: the login bug's scripted turns, the fixture that gives
 * each test its own scripted model, and the set-up of Settings → Agent.
 */
import { createServer, type AddressInfo } from 'node:net';
import { test as base } from '@playwright/test';
import { AgentPanel } from './agent-panel';
import { AgentSettings } from './agent-settings';
import { TaskPage } from './task-page';
import type { ScriptedChatRequest, ScriptedTurn } from '../support/scripted-llm-server.mjs';
import { ScriptedModel, call, modelName } from '../support/scripted-model';

export const LOGIN_BUG = { id: 'sample-task-login-bug', title: 'fix login', category: 'Work' };
export const OFFSITE = { id: 'sample-task-offsite' };

/** The tools a wake offers the model: the model-facing catalogue and the two wake tools. */
export const CATALOGUE = [
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

export const test = base.extend<{ llm: ScriptedModel; settings: AgentSettings; agent: AgentPanel }>(
  {
    llm: async ({ request }, provide, testInfo) => {
      await provide(new ScriptedModel(request, modelName(testInfo)));
    },
    settings: async ({ page }, provide) => {
      await provide(new AgentSettings(page));
    },
    agent: async ({ page }, provide) => {
      await provide(new AgentPanel(page));
    },
  },
);

/** Settings → Agent: the scripted server at `baseURL`, allowed to act on the login bug's category. */
export async function setUpServer(
  settings: AgentSettings,
  llm: ScriptedModel,
  baseURL = llm.baseURL,
) {
  await settings.goto();
  await settings.useCompatibleServer({ baseURL, model: llm.name });
  await settings.allowCategory(LOGIN_BUG.category);
}

/** How a wake journey opens: the scripted server set up (setUpServer), then the login bug's page. */
export async function loginBugWithServer(
  settings: AgentSettings,
  llm: ScriptedModel,
  baseURL = llm.baseURL,
): Promise<TaskPage> {
  await setUpServer(settings, llm, baseURL);
  const task = new TaskPage(settings.page);
  await task.goto(LOGIN_BUG.id);
  return task;
}

/** A port nothing listens on: bound by the system, then released. */
export async function closedPort(): Promise<number> {
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
export const LOGIN_REPORT = {
  oneLiner: 'Safari drops the session cookie on the redirect; a small, urgent fix.',
  tldr: 'The cookie is SameSite=Strict. I proposed a clearer title, a two-hour estimate and the two steps left.',
  content: '## What I proposed\n- A clearer title\n- Estimate: 2 h\n- Two checklist items',
};

/** Turn 1 of the login-bug script: three good proposals (four items) and a date that does not exist. */
export const LOGIN_PROPOSALS = {
  text: 'The entries describe a Safari-only logout caused by the session cookie.',
  toolCalls: [
    call('set_task_title', { title: LOGIN_TITLE }),
    call('update_task_estimate', { minutes: 120 }),
    call('add_multiple_checklist_items', { items: LOGIN_ITEMS.map((title) => ({ title })) }),
    call('update_task_due_date', { dueDate: '2026-02-31' }),
  ],
} satisfies ScriptedTurn;
export const LOGIN_REPORT_TURN: ScriptedTurn = { toolCalls: [call('update_report', LOGIN_REPORT)] };

/** The review rows LOGIN_PROPOSALS leads to: kind · summary. */
export const LOGIN_PROPOSAL_NAMES = [
  `Title · Set title to "${LOGIN_TITLE}"`,
  'Estimate · Set estimate to 120 minutes',
  ...LOGIN_ITEMS.map((item) => `Checklist · Add: "${item}"`),
];

/** The tool results a request carried back to the model, by tool call id. */
export function toolResultsOf(request: ScriptedChatRequest): Map<string, string> {
  return new Map(
    request.messages
      .filter((message) => message.role === 'tool' && message.tool_call_id !== undefined)
      .map((message) => [
        message.tool_call_id!,
        typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
      ]),
  );
}

export function assistantMessages(request: ScriptedChatRequest): number {
  return request.messages.filter((message) => message.role === 'assistant').length;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
