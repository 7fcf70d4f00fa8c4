/**
 * What the agent device's journeys share: how they begin (a tablet synced to a fresh journal of the journeys'
 * nats-server, with a category of the person's own that the agent may act on (their choice,
 * synced) and a task in it, open on its page), and the scripted model's turns on that task. The sample journal is
 * each device's own and never travels, so an agent device holds none of it: its journeys
 * work on a task of the person's own.
 */
import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { AgentSettings } from '../pages/agent-settings';
import { SyncSettings } from '../pages/sync-settings';
import { TaskListPage } from '../pages/task-list-page';
import { killAgentDevices } from './agent-device-process';
import { openApp } from './app';
import { call } from './scripted-model';
import type { ScriptedTurn } from './scripted-llm-server.mjs';
import { closeDevices, leaseJournal, newDevice } from './sync-devices';

/**
 * Call at a spec's top: a tablet set up through its screens, a Node process that loads the
 * app's code and its wakes, on two busy cores, get a bound (not a hope), and whatever a
 * failed journey left running is stopped after each.
 */
export function agentDeviceJourneys(): void {
  test.describe.configure({ timeout: 180_000 });
  test.afterEach(async () => {
    killAgentDevices();
    await closeDevices();
  });
}

export const OWN_TASK = { title: 'Fix the Safari logout', category: 'Launch' };
export const STEP = 'Reproduce the logout in Safari 17';
/** The proposals' rows, as Review and the task's card name them. */
export const ESTIMATE_ROW = 'Estimate · Set estimate to 120 minutes';
export const STEP_ROW = `Checklist · Add: "${STEP}"`;

/** Every wake's first turn proposes the two changes; the turn after the tool results reports. */
export const OWN_TASK_TURNS: ScriptedTurn[] = [
  {
    toolCalls: [
      call('update_task_estimate', { minutes: 120 }),
      call('add_multiple_checklist_items', { items: [{ title: STEP }] }),
    ],
  },
  {
    toolCalls: [
      call('update_report', {
        oneLiner: 'Safari logout: reproduce, then fix.',
        tldr: 'Two hours; first reproduce it.',
        content: 'Proposed an estimate and a first step.',
      }),
    ],
  },
];

export async function tabletWithOwnTask(
  browser: Browser,
  testInfo: TestInfo,
  task: { title: string; category: string } = OWN_TASK,
) {
  const journal = await leaseJournal();
  const tablet = await newDevice(browser, testInfo);
  await new SyncSettings(tablet).connect(journal);
  await openApp(tablet, '/settings#categories');
  const addCategory = tablet.getByRole('form', { name: 'Add a category' });
  await addCategory.getByLabel('Name').fill(task.category);
  await addCategory.getByRole('button', { name: 'Add category' }).click();
  await expect(tablet.getByRole('list', { name: 'Categories' })).toContainText(task.category);
  const agentSettings = new AgentSettings(tablet);
  await agentSettings.goto();
  await agentSettings.allowCategory(task.category);
  const list = new TaskListPage(tablet);
  await list.goto();
  await list.addTask(task.title);
  await list.openTask(task.title);
  const taskId = new URL(tablet.url()).pathname.split('/').pop()!;
  const category = tablet.getByRole('combobox', { name: 'Category' });
  await category.selectOption({ label: task.category });
  await expect(category).toHaveValue(/.+/);
  return { journal, tablet, taskId };
}
