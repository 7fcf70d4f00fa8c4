import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../db/connection';
import { taskRow } from '../../../test/support/factories';
import { createTask, userWrite } from '../../../test/support/test-database';
import { TASK_PAGE_SIZE } from './task-list';
import { renderApp, setUpEmptyAppDatabase } from './test-helpers';

setUpEmptyAppDatabase();

const taskLinks = () => within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('link');

describe('TaskListPage', () => {
  it('says how to start when the journal has no tasks', async () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No tasks yet' })).toBeInTheDocument();
    expect(screen.getByText(/press Enter to add your first task/)).toBeInTheDocument();
  });

  it('refuses an empty title at the field and saves nothing', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const field = await screen.findByRole('textbox', { name: 'New task' });
    await user.type(field, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A title cannot be empty.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await getDatabase().tasks.count()).toBe(0);
    // Refused at the field: the dispatcher (which audits even refusals) never saw it.
    expect(await getDatabase().auditMessages.count()).toBe(0);
  });

  it('creates a task on Enter and shows it in the list', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const field = await screen.findByRole('textbox', { name: 'New task' });
    await user.type(field, 'Buy milk{Enter}');
    const link = await screen.findByRole('link', { name: /^Buy milk/ });
    const [task] = await getDatabase().tasks.toArray();
    expect(task?.title).toBe('Buy milk');
    expect(link).toHaveAttribute('href', `/tasks/${task?.id}`);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('shows each task with status, priority, due date, estimate, category, labels and progress', async () => {
    const db = getDatabase();
    const categoryId = (await userWrite(db, 'save_category', { name: 'Work', color: '#336699' }))
      .data!.categoryId as string;
    const labelId = (await userWrite(db, 'save_label', { name: 'Deep work', color: '#884422' }))
      .data!.labelId as string;
    const taskId = await createTask(db, 'Write the report', {
      categoryId,
      priority: 'P1',
      estimateMinutes: 90,
      dueDate: '2020-01-15',
    });
    await userWrite(db, 'set_task_labels', { labelIds: [labelId] }, { taskId });
    for (const title of ['Outline', 'Draft', 'Review'])
      await userWrite(
        db,
        'add_checklist_item',
        { title, isChecked: title === 'Outline' },
        { taskId },
      );
    const deletedId = await createTask(db, 'Old idea');
    await userWrite(db, 'delete_task', {}, { taskId: deletedId });

    renderApp('/');
    const link = await screen.findByRole('link', { name: /Write the report/ });
    expect(link).toHaveTextContent('OPEN');
    expect(link).toHaveTextContent('P1');
    expect(link).toHaveTextContent(/Overdue:/);
    expect(link).toHaveTextContent('1 h 30 min');
    expect(link).toHaveTextContent('Work');
    expect(link).toHaveTextContent('Deep work');
    expect(await within(link).findByText(/1\/3/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Old idea/ })).not.toBeInTheDocument();
    expect(taskLinks()).toHaveLength(1);
  });

  it('filters by status and search, and clears filters when nothing matches', async () => {
    const user = userEvent.setup();
    const db = getDatabase();
    const blockedId = await createTask(db, 'Fix the login');
    await userWrite(
      db,
      'change_task_status',
      { status: 'BLOCKED', reason: 'Waiting for the IdP' },
      { taskId: blockedId },
    );
    await createTask(db, 'Plan the offsite');
    renderApp('/');
    await screen.findByRole('link', { name: /Fix the login/ });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'BLOCKED');
    await waitFor(() => expect(taskLinks()).toHaveLength(1));
    expect(taskLinks()[0]).toHaveTextContent('Fix the login');

    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), 'offsite');
    expect(
      await screen.findByRole('heading', { name: 'No tasks match these filters' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(taskLinks()).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Search titles' })).toHaveValue('');
  });

  it('sorts by priority when asked', async () => {
    const user = userEvent.setup();
    const db = getDatabase();
    await createTask(db, 'Low', { priority: 'P3' });
    await createTask(db, 'Urgent', { priority: 'P0' });
    await createTask(db, 'Normal', { priority: 'P2' });
    renderApp('/');
    await screen.findByRole('link', { name: /Urgent/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'priority');
    await waitFor(() =>
      expect(
        taskLinks().map((link) => link.querySelector('.task-row__title')?.textContent),
      ).toEqual(['Urgent', 'Normal', 'Low']),
    );
  });

  it('renders the first page of a large journal and shows more on request', async () => {
    const user = userEvent.setup();
    // Seeded directly: this test is about rendering, and 5,000 dispatches would be slow.
    const tasks = Array.from({ length: 5000 }, (_, index) =>
      taskRow({ id: `task-${index}`, title: `Task number ${index}` }),
    );
    await getDatabase().tasks.bulkAdd(tasks);
    renderApp('/');
    await screen.findByText('5,000 tasks');
    expect(taskLinks()).toHaveLength(TASK_PAGE_SIZE);
    await user.click(
      screen.getByRole('button', { name: `Show more (${5000 - TASK_PAGE_SIZE} more)` }),
    );
    expect(taskLinks()).toHaveLength(TASK_PAGE_SIZE * 2);
  });
});
