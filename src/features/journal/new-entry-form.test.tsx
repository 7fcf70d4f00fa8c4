import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEdit } from '../../dispatcher/user-edit';
import { NewEntryForm } from './new-entry-form';

vi.mock('../../dispatcher/user-edit', () => ({ userEdit: vi.fn() }));

beforeEach(() => sessionStorage.clear());
afterEach(() => cleanup());

describe('NewEntryForm', () => {
  it('keeps the draft and shows why when saving fails', async () => {
    vi.mocked(userEdit).mockResolvedValue({
      success: false,
      output: 'The database is full. Free some space and try again.',
      operationId: 'op',
      mutatedEntries: [],
    });
    render(<NewEntryForm taskId="task-1" />);
    await userEvent.type(screen.getByLabelText('New entry'), 'Do not lose me');
    await userEvent.click(screen.getByRole('button', { name: 'Add entry' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The database is full.');
    expect(screen.getByLabelText('New entry')).toHaveValue('Do not lose me');
    expect(userEdit).toHaveBeenCalledWith(
      'add_journal_entry',
      { text: 'Do not lose me' },
      { taskId: 'task-1' },
    );
  });

  it('clears the draft once the entry is saved', async () => {
    vi.mocked(userEdit).mockResolvedValue({
      success: true,
      output: 'Entry written.',
      operationId: 'op',
      mutatedEntries: [],
    });
    const { unmount } = render(<NewEntryForm taskId="task-1" />);
    await userEvent.type(screen.getByLabelText('New entry'), 'Saved');
    await userEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    await vi.waitFor(() => expect(screen.getByLabelText('New entry')).toHaveValue(''));
    unmount();
    render(<NewEntryForm taskId="task-1" />);
    expect(screen.getByLabelText('New entry')).toHaveValue('');
  });
});
