import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '../../db/connection';
import { listLabels } from '../../db/queries/settings-catalog';
import { dispatch } from '../../dispatcher/dispatch';
import { LabelSection } from './label-section';

let workId: string;
let homeId: string;

async function saveCategory(name: string) {
  const result = await dispatch(
    getDatabase(),
    'save_category',
    { name, color: '#336699' },
    { source: 'user' },
  );
  return result.data!.categoryId as string;
}

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
  workId = await saveCategory('Work');
  homeId = await saveCategory('Home');
});
afterEach(() => cleanup());

const addForm = () => screen.getByRole('form', { name: 'Add a label' });

async function addLabel(name: string, scope: string[] = []) {
  const form = await screen.findByRole('form', { name: 'Add a label' });
  await userEvent.type(within(form).getByLabelText('Name'), name);
  for (const category of scope) await userEvent.click(within(form).getByLabelText(category));
  await userEvent.click(within(form).getByRole('button', { name: 'Add label' }));
  // Saved (the form cleared) or refused (an alert): either way the save has finished.
  await waitFor(() =>
    expect(
      screen.queryByRole('alert') !== null ||
        (within(addForm()).getByLabelText('Name') as HTMLInputElement).value === '',
    ).toBe(true),
  );
}

describe('LabelSection', () => {
  it('adds a label for every category, and one only for some', async () => {
    render(<LabelSection />);
    expect(await screen.findByText(/No labels yet/)).toBeInTheDocument();
    const scope = within(addForm()).getByRole('group', { name: 'Only for these categories' });
    expect(within(scope).getAllByRole('checkbox')).toHaveLength(2);

    await addLabel('Quick win');
    await addLabel('Errand', ['Home']);

    const list = await screen.findByRole('list', { name: 'Labels' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('All categories')).toBeInTheDocument();
    expect(within(list).getByText('Only for Home')).toBeInTheDocument();
    const labels = await listLabels(getDatabase());
    expect(labels.map(({ name, categoryIds }) => ({ name, categoryIds }))).toEqual([
      { name: 'Errand', categoryIds: [homeId] },
      { name: 'Quick win', categoryIds: undefined },
    ]);
    expect(within(addForm()).getByLabelText('Home')).not.toBeChecked();
  });

  it('edits a label: name and category scope', async () => {
    render(<LabelSection />);
    await addLabel('Errand', ['Home']);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Errand' }));

    const form = screen.getByRole('form', { name: 'Edit label Errand' });
    expect(within(form).getByLabelText('Home')).toBeChecked();
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Errands');
    await userEvent.click(within(form).getByLabelText('Work'));
    await userEvent.click(within(form).getByLabelText('Home'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Only for Work')).toBeInTheDocument();
    const [label] = await listLabels(getDatabase());
    expect(label).toMatchObject({ name: 'Errands', categoryIds: [workId] });
  });

  it('says a name is taken and keeps what was typed', async () => {
    render(<LabelSection />);
    await addLabel('Waiting');
    await screen.findByRole('list', { name: 'Labels' });
    await addLabel('WAITING', ['Work']);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A label named "Waiting" already exists.',
    );
    expect(within(addForm()).getByLabelText('Name')).toHaveValue('WAITING');
    expect(within(addForm()).getByLabelText('Work')).toBeChecked();
    expect(await getDatabase().labels.count()).toBe(1);
  });

  it('deletes a label after the confirm step', async () => {
    render(<LabelSection />);
    await addLabel('Waiting');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Waiting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete label' }));

    expect(await screen.findByText(/No labels yet/)).toBeInTheDocument();
    expect((await getDatabase().labels.toArray())[0]?.deletedAt).toBeDefined();
  });

  it('drops a deleted category from a label scope when the label is edited', async () => {
    render(<LabelSection />);
    await addLabel('Errand', ['Home', 'Work']);
    await screen.findByText('Only for Home, Work');
    await dispatch(getDatabase(), 'delete_category', { id: homeId }, { source: 'user' });
    await screen.findByText('Only for Work');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Errand' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(async () =>
      expect((await listLabels(getDatabase()))[0]?.categoryIds).toEqual([workId]),
    );
  });
});
