import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '../../db/connection';
import { dispatch } from '../../dispatcher/dispatch';
import { entryRow, stamp } from '../../../test/support/factories';
import { EntryItem } from './entry-item';
import { ENTRIES_PER_PAGE, JournalEntries } from './journal-entries';

let taskId: string;

async function write(toolName: string, args: unknown, now?: string) {
  const result = await dispatch(getDatabase(), toolName, args, { source: 'user', taskId, now });
  if (!result.success) throw new Error(result.output);
  return result;
}

beforeEach(async () => {
  sessionStorage.clear();
  await getDatabase().delete();
  await getDatabase().open();
  const created = await dispatch(
    getDatabase(),
    'create_task',
    { title: 'Plan the offsite' },
    {
      source: 'user',
    },
  );
  taskId = created.data!.taskId as string;
});
afterEach(() => cleanup());

/** "Entry 1" to "Entry N", a minute apart, stored directly; `deleted` ones soft-deleted. */
async function addEntries(count: number, deleted = (_index: number): boolean => false) {
  await getDatabase().entries.bulkAdd(
    Array.from({ length: count }, (_, index) =>
      entryRow({
        taskId,
        text: `Entry ${index + 1}`,
        ...stamp(new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()),
        ...(deleted(index) ? { deletedAt: '2026-02-01T00:00:00.000Z' } : {}),
      }),
    ),
  );
}

const entryList = () => screen.findByRole('list', { name: 'Entries, newest first' });
const entryTexts = async () =>
  within(await entryList())
    .getAllByRole('article')
    .map((article) => article.querySelector('.journal__text')?.textContent);

/** Types over the open editor's text, saves, and waits for the row to show it. */
async function saveEdit(editor: HTMLElement, text: string) {
  await userEvent.clear(editor);
  await userEvent.type(editor, text);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByLabelText('Edit entry')).toBeNull());
  expect(screen.getByText(text)).toBeInTheDocument();
}

describe('JournalEntries', () => {
  it('renders nothing for a task that does not exist', async () => {
    const { container } = render(<JournalEntries taskId="no-such-task" />);
    await waitFor(() => expect(screen.queryByText('Loading entries…')).toBeNull());
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the empty state with guidance when there are no entries', async () => {
    render(<JournalEntries taskId={taskId} />);
    expect(await screen.findByRole('heading', { name: 'No entries yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Journal', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/Write down progress/)).toBeInTheDocument();
  });

  it('adds an entry and lists it above older ones, with its time', async () => {
    await write('add_journal_entry', { text: 'Older entry' }, '2020-01-01T09:00:00.000Z');
    render(<JournalEntries taskId={taskId} />);
    await screen.findByText('Older entry');

    await userEvent.type(screen.getByLabelText('New entry'), 'Booked the venue');
    await userEvent.click(screen.getByRole('button', { name: 'Add entry' }));

    await waitFor(async () =>
      expect(await entryTexts()).toEqual(['Booked the venue', 'Older entry']),
    );
    expect(screen.getByLabelText('New entry')).toHaveValue('');
    const times = within(await entryList())
      .getAllByRole('article')
      .map((article) => article.querySelector('time')?.getAttribute('dateTime'));
    expect(times[1]).toBe('2020-01-01T09:00:00.000Z');
    expect(Date.parse(times[0]!)).toBeGreaterThan(Date.parse(times[1]!));
  });

  it('adds an entry with Ctrl+Enter', async () => {
    render(<JournalEntries taskId={taskId} />);
    await userEvent.type(await screen.findByLabelText('New entry'), 'Sent the invites');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Sent the invites')).toBeInTheDocument();
  });

  it('refuses an empty entry at the field and writes nothing', async () => {
    render(<JournalEntries taskId={taskId} />);
    await userEvent.type(await screen.findByLabelText('New entry'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add entry' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An entry cannot be empty.');
    expect(screen.getByLabelText('New entry')).toHaveAttribute('aria-invalid', 'true');
    expect(await getDatabase().entries.count()).toBe(0);
  });

  it('shows entry text as plain text, line breaks kept, never as HTML', async () => {
    await write('add_journal_entry', { text: '<b>bold?</b>\nsecond line' });
    render(<JournalEntries taskId={taskId} />);
    const text = await screen.findByText(/<b>bold\?<\/b>/);
    expect(text.textContent).toBe('<b>bold?</b>\nsecond line');
    expect(text.querySelector('b')).toBeNull();
  });

  it('edits an entry inline and saves it', async () => {
    await write('add_journal_entry', { text: 'Frist draft' });
    render(<JournalEntries taskId={taskId} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Edit entry from/ }));

    const editor = screen.getByLabelText('Edit entry');
    expect(editor).toHaveFocus();
    await saveEdit(editor, 'First draft');
    expect(screen.getByText(/edited/)).toBeInTheDocument();
    const [entry] = await getDatabase().entries.toArray();
    expect(entry?.text).toBe('First draft');
    // Focus goes back to Edit once the row shows the saved text (after its live query).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Edit entry from/ })).toHaveFocus(),
    );
  });

  it('shows the saved text at once, before the live row reads it back', async () => {
    await write('add_journal_entry', { text: 'Frist draft' });
    const [stored] = await getDatabase().entries.toArray();
    // The row as the list last read it, and not read again: the live query's lag, held open.
    render(
      <ul>
        <EntryItem entry={stored!} onDeleted={() => {}} />
      </ul>,
    );
    await userEvent.click(screen.getByRole('button', { name: /^Edit entry from/ }));
    await saveEdit(screen.getByLabelText('Edit entry'), 'First draft');
    expect(screen.queryByText('Frist draft')).toBeNull();
    expect(screen.getByText(/edited/)).toBeInTheDocument();
  });

  it('leaves the entry unchanged when an edit is cancelled or emptied', async () => {
    await write('add_journal_entry', { text: 'Keep me' });
    render(<JournalEntries taskId={taskId} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Edit entry from/ }));
    await userEvent.clear(screen.getByLabelText('Edit entry'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An entry cannot be empty.');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Keep me')).toBeInTheDocument();
    const [entry] = await getDatabase().entries.toArray();
    expect(entry?.text).toBe('Keep me');
    expect(entry?.rev).toBe(1);
  });

  it('deletes an entry only after the confirm step', async () => {
    await write('add_journal_entry', { text: 'Remove me' });
    render(<JournalEntries taskId={taskId} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Delete entry from/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByText('Remove me')).toBeInTheDocument();
    expect((await getDatabase().entries.toArray())[0]?.deletedAt).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: /^Delete entry from/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry' }));

    expect(await screen.findByRole('heading', { name: 'No entries yet' })).toBeInTheDocument();
    expect(screen.queryByText('Remove me')).toBeNull();
    expect((await getDatabase().entries.toArray())[0]?.deletedAt).toBeDefined();
  });

  it('shows the newest 50 entries, and 50 more at each "Show older entries", focus on their heading', async () => {
    await addEntries(120);
    render(<JournalEntries taskId={taskId} />);
    await waitFor(async () => expect(await entryTexts()).toHaveLength(ENTRIES_PER_PAGE));
    expect((await entryTexts())[0]).toBe('Entry 120');
    expect(screen.queryByRole('heading', { name: 'Older entries' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    const older = await screen.findByRole('list', { name: 'Older entries, 51 to 100' });
    expect(within(older).getAllByRole('article')).toHaveLength(50);
    expect(within(older).getAllByRole('article')[0]).toHaveTextContent('Entry 70');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Older entries' })).toHaveFocus(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    const oldest = await screen.findByRole('list', { name: 'Older entries, 101 to 120' });
    expect(within(oldest).getAllByRole('article').at(-1)).toHaveTextContent('Entry 1');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { name: 'Older entries' })[1]).toHaveFocus(),
    );
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('offers no older entries when the deleted ones are all that is left', async () => {
    await addEntries(52, (index) => index < 2);
    render(<JournalEntries taskId={taskId} />);
    await waitFor(async () => expect(await entryTexts()).toHaveLength(50));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('keeps an unsent draft across a reload of the component', async () => {
    const { unmount } = render(<JournalEntries taskId={taskId} />);
    await userEvent.type(await screen.findByLabelText('New entry'), 'Half a thought');
    unmount();

    render(<JournalEntries taskId={taskId} />);
    expect(await screen.findByLabelText('New entry')).toHaveValue('Half a thought');
  });
});
