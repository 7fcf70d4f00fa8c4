/**
 * Getting proposals the way a person does: choose the scripted demo agent in Settings →
 * Agent, tick the categories it may act on, then press "Wake agent" on a sample task.
 * The demo scripts are src/agent/demo/demo-script.ts.
 */
import { expect, type Page } from '@playwright/test';
import { openApp } from '../support/app';
import { DEMO_PROVIDER } from './agent-settings';
import { ReviewCard, ReviewHistory } from './review-card';
import { TaskPage } from './task-page';

const AGENT_CATEGORIES = ['Work', 'Home', 'Health'] as const;

/** The sample tasks the journeys use, and what the demo agent proposes for each. */
export const LOGIN_BUG = {
  id: 'sample-task-login-bug',
  title: 'fix login',
  proposedTitle: 'Fix Safari logout after sign-in (session cookie)',
  /** Title, priority, estimate, two checklist items, status. */
  proposals: 6,
  estimate: 'Estimate · Set estimate to 120 minutes',
  newItems: [
    'Set SameSite=Lax on the session cookie',
    'Add a regression test for the Safari redirect',
  ],
} as const;

export const OFFSITE = {
  id: 'sample-task-offsite',
  title: 'Plan the team offsite',
  /** Four checklist items and the status. */
  proposals: 5,
  newItems: ['Book the venue', 'Arrange transport', 'Draft the agenda', 'Send the invitations'],
} as const;

/** Settings → Agent: the demo provider saved, and Work, Home and Health allowed. */
export async function chooseDemoAgent(page: Page) {
  const section = await chooseDemoModel(page);

  const categories = section.getByRole('group', { name: 'Categories the agent may act on' });
  for (const name of AGENT_CATEGORIES) {
    const box = categories.getByRole('checkbox', { name, exact: true });
    // The box shows the saved list (a live query), so it turns checked once the save lands.
    await box.click();
    await expect(box).toBeChecked();
    await expect(categories.getByRole('status').filter({ hasText: /^Saved: / })).toHaveText(
      `Saved: the agent may act on tasks in "${name}".`,
    );
  }
}

/**
 * Settings → Agent: the demo provider saved (a device setting). The categories it may act
 * on are journal data: a second device of a synced journal has them already.
 */
export async function chooseDemoModel(page: Page) {
  await openApp(page, '/settings');
  const section = page.getByRole('region', { name: 'Agent', exact: true });
  const model = section.getByRole('form', { name: 'Language model' });
  await model.getByRole('combobox', { name: 'Provider' }).selectOption({ label: DEMO_PROVIDER });
  await model.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(model.getByRole('status')).toHaveText(/^Saved\. The agent will use /);
  return section;
}

/** On the task's page: press "Wake agent" and wait for the card to show the proposals. */
export async function wakeAgent(page: Page, expectedProposals: number) {
  await page.getByRole('button', { name: 'Wake agent' }).click();
  await expect(
    page.getByRole('region', { name: `Proposed changes (${expectedProposals})` }),
  ).toBeVisible({ timeout: 15_000 });
}

/** The login bug's estimate proposal, as its row summarises it. */
export const ESTIMATE_SUMMARY = 'Set estimate to 120 minutes';

/** The demo agent set up, a sample task opened and its proposals waiting on the card. */
export async function proposalsOn(page: Page, task: { id: string; proposals: number }) {
  await chooseDemoAgent(page);
  const taskPage = new TaskPage(page);
  await taskPage.goto(task.id);
  await wakeAgent(page, task.proposals);
  // Let the wake finish (its second turn writes the report) before deciding anything.
  await expect(page.getByRole('button', { name: 'Wake agent' })).toBeEnabled({ timeout: 15_000 });
  return { taskPage, card: new ReviewCard(page), history: new ReviewHistory(page) };
}
