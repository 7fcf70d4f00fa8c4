/** `/review`: every pending proposal across tasks, grouped by task, with j/k/y/n/a/u keys. */
import { expect, type Page } from '@playwright/test';
import { openApp } from '../support/app';

export class ReviewInboxPage {
  constructor(readonly page: Page) {}

  /** Straight to /review: the focus starts on the page, where the shortcut keys work. */
  async goto() {
    await openApp(this.page, '/review');
    await expect(this.page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible();
  }

  /** Through the nav, the way a person gets there. */
  async open() {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Review\b/ })
      .click();
    await expect(this.page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible();
  }

  get region() {
    return this.page.getByRole('region', { name: 'Review', exact: true });
  }

  /** "6 changes waiting on 1 task". */
  get count() {
    return this.region.getByText(/^\d+ changes? waiting on \d+ tasks?$/);
  }

  /** The nav's badge, named "6 pending"; absent at 0. */
  get badge() {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('img', {
      name: /^\d+ pending$/,
    });
  }

  get rows() {
    return this.region.getByRole('article');
  }

  /** A proposal's row, named `Kind · summary`. */
  row(name: string) {
    return this.region.getByRole('article', { name, exact: true });
  }

  get rejectionPrompt() {
    return this.region.getByRole('group', { name: /^Rejected / });
  }
}
