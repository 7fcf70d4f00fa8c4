/** `/activity`: the audit trail, one card per operation, and its Task, Kind and Source filters. */
import { expect, type Page } from '@playwright/test';

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

  get entries() {
    return this.page.getByRole('article');
  }

  /** One operation's card, named by the summary of what was asked. */
  entry(summary: string) {
    return this.page.getByRole('article', { name: summary, exact: true });
  }

  /** A fact on a card ("Tool", "By", "Task"): the description that follows its term. */
  fact(entry: ReturnType<ActivityPage['entry']>, term: string) {
    return entry
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('+ dd');
  }
}
