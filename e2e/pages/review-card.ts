/**
 * The task page's review parts: the "Proposed changes (N)" card (one article per proposal,
 * named `Kind · summary`, with Confirm / Reject or Apply anyway; a batch's items each a row
 * under one caption), the reason prompt after a rejection, the card's status bar
 * with the last action and its Undo, and the collapsed "Review history".
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ReviewCard {
  constructor(readonly page: Page) {}

  /** The card, whatever its count. */
  get region() {
    return this.page.getByRole('region', { name: /^Proposed changes \(\d+\)$/ });
  }

  /** The card showing exactly `count` proposals. */
  withCount(count: number) {
    return this.page.getByRole('region', { name: `Proposed changes (${count})`, exact: true });
  }

  get rows() {
    return this.region.getByRole('article');
  }

  /** A proposal's row, named `Kind · summary` (e.g. `Estimate · Set estimate to 120 minutes`). */
  row(name: string) {
    return this.region.getByRole('article', { name, exact: true });
  }

  /** A row whose summary contains `text`. */
  rowContaining(text: string | RegExp) {
    return this.region.getByRole('article', { name: text });
  }

  confirmButton(row: Locator) {
    return row.getByRole('button', { name: /^Confirm: / });
  }

  rejectButton(row: Locator) {
    return row.getByRole('button', { name: /^Reject: / });
  }

  applyAnywayButton(row: Locator) {
    return row.getByRole('button', { name: /^Apply anyway: / });
  }

  /** "Confirm all 6": it ignores taps for a moment after it appears (Playwright waits). */
  get confirmAllButton() {
    return this.region.getByRole('button', { name: /^Confirm all \d+$/ });
  }

  /** The card's status bar: what the last action did, with Undo. */
  get statusBar() {
    return this.region.locator('.review-status');
  }

  /** Confirm all's "Applying 5 changes…" while it runs. */
  get progress() {
    return this.statusBar.getByRole('status').filter({ hasText: /^Applying \d+ changes?…$/ });
  }

  /** Confirm all's one summary once it ran ("Applied 5: …"), in the status bar. */
  get summary() {
    return this.statusBar.getByRole('status');
  }

  /** The prompt in place of a just-rejected row: a reason chip, a few words, or Undo. */
  get rejectionPrompt() {
    return this.region.getByRole('group', { name: /^Rejected / });
  }

  reasonChip(reason: string) {
    return this.rejectionPrompt
      .getByRole('group', { name: /^Why\?/ })
      .getByRole('button', { name: reason, exact: true });
  }

  /** What the status bar says after an action, e.g. "Applied: Set estimate to 120 minutes". */
  toast(text: string | RegExp) {
    return this.statusBar.filter({ hasText: text });
  }

  toastUndo(text: string | RegExp) {
    return this.toast(text).getByRole('button', { name: 'Undo', exact: true });
  }
}

/** "Review history" under the card: collapsed by default, one list item per outcome. */
export class ReviewHistory {
  constructor(readonly page: Page) {}

  get region() {
    return this.page.getByRole('region', { name: 'Review history' });
  }

  get entries() {
    return this.region.getByRole('listitem');
  }

  /** Opens the disclosure when it is closed. */
  async open() {
    const details = this.region.locator('details');
    await expect(details).toBeVisible();
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await this.region.getByText('Review history', { exact: true }).click();
    }
    await expect(this.region.getByRole('list')).toBeVisible();
  }

  /** The entry about a summary (e.g. "Set estimate to 120 minutes"). */
  entry(summary: string) {
    return this.entries.filter({ hasText: summary });
  }
}
