import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../db/connection';
import { checklistProgressOf } from '../../db/queries/tasks';
import { FACTORY_TIME, checklistItemRow, stamp, taskRow } from '../../../test/support/factories';
import type { ChecklistItem } from '../../domain/checklist-item';
import type { Task } from '../../domain/task';
import { TASK_PAGE_SIZE } from './task-list';
import { renderApp, setUpEmptyAppDatabase } from './test-helpers';

setUpEmptyAppDatabase();

/** Tasks newest first by index (so task-0 is at the top), written directly for speed. */
function tasks(count: number): Task[] {
  return Array.from({ length: count }, (_, index) =>
    taskRow({
      id: `task-${index}`,
      title: `Task number ${index}`,
      ...stamp(Date.parse(FACTORY_TIME) - index * 1000),
    }),
  );
}

function item(taskId: string, id: string, fields: Partial<ChecklistItem> = {}): ChecklistItem {
  return checklistItemRow({ id, taskId, title: id, ...fields });
}

describe('checklist progress in the task list', () => {
  it('counts checked and total items of each task, leaving out archived and deleted ones', async () => {
    const db = getDatabase();
    await db.checklistItems.bulkAdd([
      item('a', 'a1', { isChecked: true }),
      item('a', 'a2'),
      item('a', 'a3', { isArchived: true, isChecked: true }),
      item('a', 'a4', { deletedAt: FACTORY_TIME }),
      item('b', 'b1', { isArchived: true }),
      item('c', 'c1', { isChecked: true }),
    ]);
    const progress = await checklistProgressOf(db, ['a', 'b', 'none']);
    expect([...progress]).toEqual([['a', { checked: 1, total: 2 }]]);
  });

  it('reads the checklists of the rows on screen only, and of the next page when it is shown', async () => {
    const user = userEvent.setup();
    const db = getDatabase();
    const total = TASK_PAGE_SIZE + 5;
    await db.tasks.bulkAdd(tasks(total));
    // Task k is the (k+1)-th row: the last of the first page and the first of the second.
    const [last, next] = [TASK_PAGE_SIZE - 1, TASK_PAGE_SIZE];
    const lastOnFirstPage = `task-${last}`;
    const firstOnSecondPage = `task-${next}`;
    await db.checklistItems.bulkAdd([
      item(lastOnFirstPage, 'x1', { isChecked: true }),
      item(lastOnFirstPage, 'x2'),
      item(firstOnSecondPage, 'y1'),
    ]);
    const where = vi.spyOn(db.checklistItems, 'where');

    renderApp('/');
    // Rows by their title text: role queries over hundreds of links are slow in jsdom.
    const row = async (title: string) =>
      (await screen.findByText(title, { selector: '.task-row__title' })).closest('a')!;
    expect(await within(await row(`Task number ${last}`)).findByText(/1\/2/)).toBeInTheDocument();
    expect(where).toHaveBeenCalledTimes(TASK_PAGE_SIZE);
    expect(screen.queryByText(`Task number ${next}`)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more (5 more)' }));
    expect(await within(await row(`Task number ${next}`)).findByText(/0\/1/)).toBeInTheDocument();
    expect(within(await row(`Task number ${last}`)).getByText(/1\/2/)).toBeInTheDocument();
  });
});
