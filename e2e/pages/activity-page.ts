/**
 * `/activity`: the audit trail under a heading per day, its Task, Kind and Source filters.
 * Each operation is a card (an article named by its title in words, e.g. "You set estimate
 * to 300 minutes", "Confirmed: Set estimate to 120 minutes"); a wake is one card, "Agent
 * wake: ‹task›", whose steps (articles of their own) open with "Show N steps". The tool,
 * the operation id and the arguments are behind each card's "Details".
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ActivityPage {
  constructor(readonly page: Page) {}

  /** Through the nav, the way a person gets there. */
  async open() {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(this.page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  }

  get filters() {
    return this.page.getByRole('search', { name: 'Filter activity' });
  }

  get taskFilter() {
    return this.filters.getByRole('combobox', { name: 'Task' });
  }

  get sourceFilter() {
    return this.filters.getByRole('combobox', { name: 'Source' });
  }

  /** Every card on screen: the steps of an open wake count too. */
  get entries() {
    return this.page.getByRole('article');
  }

  /** One card, named by its title. */
  entry(title: string | RegExp) {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** The card of a wake on the task with this title. */
  wake(taskTitle: string) {
    return this.entry(`Agent wake: ${taskTitle}`);
  }

  /** Opens a wake's steps with its own button, and waits until they show. */
  async openSteps(wake: Locator) {
    const toggle = wake.getByRole('button', { name: /^Show \d+ steps?$/ });
    await toggle.click();
    await expect(wake.getByRole('button', { name: 'Hide steps' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }

  /** The steps of an open wake whose titles start so ("Agent proposed: "). */
  steps(wake: Locator, titleStart: string) {
    return wake.getByRole('article', { name: new RegExp(`^${escapeRegExp(titleStart)}`) });
  }

  /** Opens a card's "Details" (the tool, who, when, the operation id, the arguments). */
  async openDetails(entry: Locator) {
    await entry.getByRole('button', { name: 'Details' }).click();
    await expect(this.fact(entry, 'Tool')).toBeVisible();
  }

  /** A fact on a card ("Task" on its face; "Tool", "By", "Operation" in its Details). */
  fact(entry: Locator, term: string) {
    return entry
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('+ dd');
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
