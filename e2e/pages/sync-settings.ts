/** Settings → Sync and the navigation's sync indicator, as a person finds them. */
import { expect, type Page } from '@playwright/test';
import { openApp } from '../support/app';
import type { SyncJournal } from '../support/sync-devices';

export class SyncSettings {
  constructor(readonly page: Page) {}

  get section() {
    return this.page.getByRole('region', { name: 'Sync', exact: true });
  }

  /** The indicator in the navigation, named "Sync: <what it is doing>". */
  get indicator() {
    return this.page.getByRole('link', { name: /^Sync: / });
  }

  async open() {
    await openApp(this.page, '/settings');
    await expect(this.section).toBeVisible();
  }

  /** Fills in the server and the journal's credentials and connects; waits until synced. */
  async connect(journal: SyncJournal) {
    await this.open();
    const form = this.section.getByRole('form', { name: 'Sync server' });
    await form.getByRole('textbox', { name: 'Server address' }).fill(journal.url);
    await form.getByRole('textbox', { name: 'User name' }).fill(journal.user);
    await form.getByRole('textbox', { name: 'Password' }).fill(journal.password);
    await form.getByRole('button', { name: 'Connect' }).click();
    await this.expectSynced();
  }

  async expectSynced() {
    await expect(this.indicator).toHaveAccessibleName(/^Sync: Connected/, { timeout: 15_000 });
  }

  get undecided() {
    return this.section.getByRole('region', { name: 'Needs your decision' });
  }

  get decidedElsewhere() {
    return this.section.getByRole('region', { name: 'Decided on the other device' });
  }
}
