import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../db/connection';
import { createTask, userWrite } from '../../../test/support/test-database';
import { renderApp, setUpEmptyAppDatabase } from './test-helpers';

setUpEmptyAppDatabase();

const storedTask = async (taskId: string) => (await getDatabase().tasks.get(taskId))!;
// Every dispatch, refused or not, leaves audit messages: none means it never reached dispatch.
const auditCount = () => getDatabase().auditMessages.count();

async function openTask(title = 'Plan the team offsite') {
  const taskId = await createTask(getDatabase(), title);
  renderApp(`/tasks/${taskId}`);
  // The page is there once its fields are: the title first, the details form after it.
  await screen.findByRole('textbox', { name: 'Title' });
  await screen.findByRole('spinbutton', { name: 'Estimate (minutes)' });
  await screen.findByRole('combobox', { name: 'Category' });
  return taskId;
}

describe('TaskDetails', () => {
  it('says so when the task does not exist, with a way back', async () => {
    renderApp('/tasks/no-such-task');
    expect(
      await screen.findByRole('heading', { name: 'This task does not exist' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toHaveAttribute('href', '/');
  });

  it('treats a deleted task as not existing', async () => {
    const taskId = await createTask(getDatabase(), 'Gone');
    await userWrite(getDatabase(), 'delete_task', {}, { taskId });
    renderApp(`/tasks/${taskId}`);
    expect(
      await screen.findByRole('heading', { name: 'This task does not exist' }),
    ).toBeInTheDocument();
  });

  it('refuses an estimate of 1441 minutes and saves 90', async () => {
    const user = userEvent.setup();
    const taskId = await openTask();
    const estimate = await screen.findByRole('spinbutton', { name: 'Estimate (minutes)' });
    const auditBefore = await auditCount();

    await user.type(estimate, '1441{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 1440 minutes');
    expect(estimate).toHaveValue(1441);
    expect((await storedTask(taskId)).estimateMinutes).toBeUndefined();
    expect(await auditCount()).toBe(auditBefore);

    await user.clear(estimate);
    await user.type(estimate, '90');
    await user.tab();
    await waitFor(async () => expect((await storedTask(taskId)).estimateMinutes).toBe(90));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('1 h 30 min')).toBeInTheDocument();
  });

  it('clears the estimate when the field is emptied', async () => {
    const user = userEvent.setup();
    const taskId = await createTask(getDatabase(), 'Estimated', { estimateMinutes: 30 });
    renderApp(`/tasks/${taskId}`);
    const estimate = await screen.findByRole('spinbutton', { name: 'Estimate (minutes)' });
    expect(estimate).toHaveValue(30);
    await user.clear(estimate);
    await user.tab();
    await waitFor(async () => expect((await storedTask(taskId)).estimateMinutes).toBeUndefined());
  });

  it('saves the title on Enter and refuses an empty or too long one', async () => {
    const user = userEvent.setup();
    const taskId = await openTask('fix login');
    const title = screen.getByRole('textbox', { name: 'Title' });
    const auditBefore = await auditCount();

    await user.clear(title);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A title cannot be empty.');

    await user.click(title);
    await user.paste('x'.repeat(401));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 400 characters');
    expect((await storedTask(taskId)).title).toBe('fix login');
    expect(await auditCount()).toBe(auditBefore);

    await user.clear(title);
    await user.type(title, 'Fix the Safari login bug{Enter}');
    await waitFor(async () =>
      expect((await storedTask(taskId)).title).toBe('Fix the Safari login bug'),
    );
  });

  it('asks for a reason before saving BLOCKED, and shows it in the history', async () => {
    const user = userEvent.setup();
    const taskId = await openTask();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'BLOCKED');

    const auditBefore = await auditCount();
    const reason = await screen.findByRole('textbox', { name: 'Why is it BLOCKED?' });
    expect(reason).toHaveFocus();
    expect((await storedTask(taskId)).status).toBe('OPEN');

    await user.click(screen.getByRole('button', { name: 'Set BLOCKED' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the reason is required');
    expect((await storedTask(taskId)).status).toBe('OPEN');
    expect(await auditCount()).toBe(auditBefore);

    await user.type(reason, 'Waiting for the venue to call back{Enter}');
    await waitFor(async () => expect((await storedTask(taskId)).status).toBe('BLOCKED'));
    expect((await storedTask(taskId)).statusReason).toBe('Waiting for the venue to call back');

    const history = screen.getByRole('region', { name: 'Status history' });
    // The history follows the saved row a render later.
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('BLOCKED');
    expect(entries[0]).toHaveTextContent('Waiting for the venue to call back');
    expect(entries[0]).toHaveTextContent('by you');
    expect(entries[1]).toHaveTextContent('OPEN');
  });

  it('puts the status back when the reason is cancelled', async () => {
    const user = userEvent.setup();
    const taskId = await openTask();
    const status = screen.getByRole('combobox', { name: 'Status' });
    await user.selectOptions(status, 'ON HOLD');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(status).toHaveValue('OPEN');
    expect((await storedTask(taskId)).statusHistory).toHaveLength(1);
  });

  it('lets the user mark a task DONE without a reason', async () => {
    const user = userEvent.setup();
    const taskId = await openTask();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'DONE');
    await waitFor(async () => expect((await storedTask(taskId)).status).toBe('DONE'));
  });

  it('saves priority, due date and category, and clears the due date', async () => {
    const user = userEvent.setup();
    const categoryId = (
      await userWrite(getDatabase(), 'save_category', { name: 'Work', color: '#336699' })
    ).data!.categoryId as string;
    const taskId = await openTask();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'P0');
    await waitFor(async () => expect((await storedTask(taskId)).priority).toBe('P0'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Work');
    await waitFor(async () => expect((await storedTask(taskId)).categoryId).toBe(categoryId));

    const due = screen.getByLabelText('Due date');
    await user.type(due, '2026-03-15');
    await user.tab();
    await waitFor(async () => expect((await storedTask(taskId)).dueDate).toBe('2026-03-15'));

    await user.clear(due);
    await user.tab();
    await waitFor(async () => expect((await storedTask(taskId)).dueDate).toBeUndefined());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'No category');
    await waitFor(async () => expect((await storedTask(taskId)).categoryId).toBeUndefined());
  });

  it('deletes the task after a confirmation and goes back to the list', async () => {
    const user = userEvent.setup();
    const taskId = await openTask('Throw away');
    await user.click(screen.getByRole('button', { name: 'Delete task' }));
    expect((await storedTask(taskId)).deletedAt).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Yes, delete task' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect((await storedTask(taskId)).deletedAt).toBeDefined();
  });
});
