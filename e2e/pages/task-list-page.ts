/** `/`, found the way a person finds it: the "New task" field, the count, the task links. */
import { expect, type Page } from '@playwright/test';
import { openApp } from '../support/app';

export class TaskListPage {
  constructor(readonly page: Page) {}

  async goto() {
    await openApp(this.page, '/');
    await expect(this.page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  }

  get newTaskField() {
    return this.page.getByRole('textbox', { name: 'New task' });
  }

  /** "8 tasks", or "3 of 8 tasks" while filters hide some. */
  get count() {
    return this.page.getByRole('status').filter({ hasText: /^\d+( of \d+)? tasks?$/ });
  }

  get tasks() {
    return this.page.getByRole('list', { name: 'Tasks' });
  }

  /** A task's row is one link; its name starts with the title, then status, priority and dates. */
  taskLink(title: string) {
    return this.tasks.getByRole('link', { name: title });
  }

  async addTask(title: string) {
    await this.newTaskField.fill(title);
    await this.page.getByRole('button', { name: 'Add task' }).click();
  }

  async openTask(title: string) {
    await this.taskLink(title).click();
    await expect(this.page.getByRole('heading', { name: title, level: 1 })).toBeAttached();
  }
}
