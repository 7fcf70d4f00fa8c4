/** `/tasks/:id`: the inline fields, the checklist, the status history and the journal. */
import { expect, type Locator, type Page } from '@playwright/test';
import { openApp } from '../support/app';

export class TaskPage {
  constructor(readonly page: Page) {}

  async goto(taskId: string) {
    await openApp(this.page, `/tasks/${encodeURIComponent(taskId)}`);
    await expect(this.titleField).toBeVisible();
  }

  /** The page's h1 (visually hidden: the visible title is the editable field). */
  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  get titleField() {
    return this.page.getByRole('textbox', { name: 'Title', exact: true });
  }

  get statusSelect() {
    return this.page.getByRole('combobox', { name: 'Status' });
  }

  get estimateField() {
    return this.page.getByRole('spinbutton', { name: 'Estimate (minutes)' });
  }

  get dueDateField() {
    return this.page.getByLabel('Due date');
  }

  get checklist() {
    return this.page.getByRole('region', { name: 'Checklist' });
  }

  /** A checklist item's checkbox, named by the item's title. */
  checkbox(title: string) {
    return this.checklist.getByRole('checkbox', { name: title, exact: true });
  }

  get checklistItems() {
    return this.checklist.getByRole('checkbox');
  }

  async addChecklistItem(title: string) {
    await this.checklist.getByRole('textbox', { name: 'New checklist item' }).fill(title);
    await this.checklist.getByRole('button', { name: 'Add item' }).click();
    await expect(this.checkbox(title)).toBeVisible();
  }

  get statusHistory() {
    return this.page.getByRole('region', { name: 'Status history' }).getByRole('listitem');
  }

  get journal() {
    return this.page.getByRole('region', { name: 'Journal' });
  }

  get entries() {
    return this.journal.getByRole('list', { name: 'Entries, newest first' }).getByRole('listitem');
  }

  async addEntry(text: string) {
    await this.journal.getByRole('textbox', { name: 'New entry' }).fill(text);
    await this.journal.getByRole('button', { name: 'Add entry' }).click();
    await expect(this.entries.filter({ hasText: text })).toHaveCount(1);
  }

  /** Types into an inline field and presses Enter, which saves it (or shows why not). */
  async enter(field: Locator, text: string) {
    await field.fill(text);
    await field.press('Enter');
  }
}
