import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../db/connection';
import { createTask, userWrite } from '../../../test/support/test-database';
import { renderApp, setUpEmptyAppDatabase } from './test-helpers';

setUpEmptyAppDatabase();

const checklist = () => screen.getByRole('region', { name: 'Checklist' });
const visibleTitles = () =>
  within(checklist())
    .queryAllByRole('checkbox')
    .map((box) => box.closest('li')?.querySelector('label')?.textContent);
const storedItems = async (taskId: string) =>
  (await getDatabase().checklistItems.where('taskId').equals(taskId).toArray()).sort(
    (a, b) => a.order - b.order,
  );

async function openTaskWithItems(titles: string[]) {
  const db = getDatabase();
  const taskId = await createTask(db, 'Plan the team offsite');
  for (const title of titles) await userWrite(db, 'add_checklist_item', { title }, { taskId });
  renderApp(`/tasks/${taskId}`);
  await screen.findByRole('region', { name: 'Checklist' });
  return taskId;
}

describe('ChecklistSection', () => {
  it('adds an item on Enter and refuses an empty one', async () => {
    const user = userEvent.setup();
    const taskId = await openTaskWithItems([]);
    const field = screen.getByRole('textbox', { name: 'New checklist item' });

    await user.type(field, '  {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('needs a title');
    expect(await storedItems(taskId)).toHaveLength(0);

    await user.type(field, 'Book the venue{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Book the venue' })).not.toBeChecked();
    expect(field).toHaveValue('');
    expect((await storedItems(taskId)).map((item) => item.title)).toEqual(['Book the venue']);
  });

  it('checks and unchecks an item, showing the progress', async () => {
    const user = userEvent.setup();
    const taskId = await openTaskWithItems(['Book the venue', 'Arrange transport']);
    const venue = await screen.findByRole('checkbox', { name: 'Book the venue' });

    await user.click(venue);
    await waitFor(() => expect(venue).toBeChecked());
    // The tick shows before the write lands (optimistic): wait for the write itself.
    await waitFor(async () =>
      expect((await storedItems(taskId))[0]).toMatchObject({ isChecked: true, checkedBy: 'user' }),
    );
    expect(await within(checklist()).findByText('1/2 done')).toBeInTheDocument();

    await user.click(venue);
    await waitFor(() => expect(venue).not.toBeChecked());
    await waitFor(async () => expect((await storedItems(taskId))[0]?.isChecked).toBe(false));
  });

  it('shows a tick at once, before the write has landed', async () => {
    const taskId = await openTaskWithItems(['Book the venue']);
    const venue = await screen.findByRole('checkbox', { name: 'Book the venue' });

    // Synchronous: a controlled checkbox that waited for the database would spring back
    // here, and a screen reader would announce "not checked".
    fireEvent.click(venue);
    expect(venue).toBeChecked();
    await waitFor(async () => expect((await storedItems(taskId))[0]?.isChecked).toBe(true));
    expect(venue).toBeChecked();
  });

  it('renames an item in place', async () => {
    const user = userEvent.setup();
    const taskId = await openTaskWithItems(['Book venue']);
    await user.click(await screen.findByRole('button', { name: 'Rename "Book venue"' }));
    const field = screen.getByRole('textbox', { name: 'Rename “Book venue”' });
    await user.clear(field);
    await user.type(field, 'Book the lake venue{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Book the lake venue' })).toBeVisible();
    expect((await storedItems(taskId))[0]?.title).toBe('Book the lake venue');
    expect(screen.getByRole('button', { name: 'Rename "Book the lake venue"' })).toHaveFocus();
  });

  it('archives an item, hides it behind a toggle, and restores it', async () => {
    const user = userEvent.setup();
    const taskId = await openTaskWithItems(['Book the venue', 'Send invitations']);
    await user.click(await screen.findByRole('button', { name: 'Archive "Send invitations"' }));
    await waitFor(() => expect(visibleTitles()).toEqual(['Book the venue']));
    expect((await storedItems(taskId))[1]?.isArchived).toBe(true);

    const toggle = screen.getByRole('button', { name: 'Show archived (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Restore "Send invitations"' }));
    await waitFor(() => expect(visibleTitles()).toEqual(['Book the venue', 'Send invitations']));
    expect((await storedItems(taskId))[1]?.isArchived).toBe(false);
    expect(screen.queryByRole('button', { name: /archived/ })).not.toBeInTheDocument();
  });

  it('moves items up and down', async () => {
    const user = userEvent.setup();
    const taskId = await openTaskWithItems(['Buy milk', 'Buy bread', 'Buy eggs']);
    await user.click(await screen.findByRole('button', { name: 'Move "Buy eggs" up' }));
    await waitFor(() => expect(visibleTitles()).toEqual(['Buy milk', 'Buy eggs', 'Buy bread']));

    await user.click(screen.getByRole('button', { name: 'Move "Buy milk" down' }));
    await waitFor(() => expect(visibleTitles()).toEqual(['Buy eggs', 'Buy milk', 'Buy bread']));
    expect((await storedItems(taskId)).map((item) => item.title)).toEqual([
      'Buy eggs',
      'Buy milk',
      'Buy bread',
    ]);
  });

  it('does nothing when the first item is moved up', async () => {
    const user = userEvent.setup();
    const taskId = await openTaskWithItems(['Buy milk', 'Buy bread']);
    const up = await screen.findByRole('button', { name: 'Move "Buy milk" up' });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    const before = await storedItems(taskId);
    await user.click(up);
    expect(await storedItems(taskId)).toEqual(before);
  });
});
