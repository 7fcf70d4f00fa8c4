import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../db/connection';
import { createTask, userWrite } from '../../../test/support/test-database';
import { renderApp, setUpEmptyAppDatabase } from './test-helpers';

setUpEmptyAppDatabase();

async function seedCatalog() {
  const db = getDatabase();
  const category = async (name: string) =>
    (await userWrite(db, 'save_category', { name, color: '#336699' })).data!.categoryId as string;
  const label = async (name: string, categoryIds?: string[]) =>
    (await userWrite(db, 'save_label', { name, color: '#884422', categoryIds })).data!
      .labelId as string;
  const work = await category('Work');
  const home = await category('Home');
  return {
    work,
    home,
    bug: await label('Bug', [work]),
    errand: await label('Errand', [home]),
    quickWin: await label('Quick win'),
  };
}

const labelsGroup = () => screen.getByRole('group', { name: 'Labels' });

describe('LabelsField', () => {
  it('offers only the labels that apply to the task’s category', async () => {
    const { work } = await seedCatalog();
    const taskId = await createTask(getDatabase(), 'Fix login', { categoryId: work });
    renderApp(`/tasks/${taskId}`);
    await screen.findByRole('group', { name: 'Labels' });
    const names = within(labelsGroup())
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(names).toEqual(['Bug', 'Quick win']);
  });

  it('offers only unscoped labels to a task without a category', async () => {
    await seedCatalog();
    const taskId = await createTask(getDatabase(), 'Loose end');
    renderApp(`/tasks/${taskId}`);
    await screen.findByRole('group', { name: 'Labels' });
    expect(within(labelsGroup()).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(labelsGroup()).getByRole('checkbox', { name: 'Quick win' })).toBeVisible();
  });

  it('toggles labels on and off', async () => {
    const user = userEvent.setup();
    const { work, bug, quickWin } = await seedCatalog();
    const taskId = await createTask(getDatabase(), 'Fix login', { categoryId: work });
    renderApp(`/tasks/${taskId}`);
    const bugBox = await screen.findByRole('checkbox', { name: 'Bug' });

    await user.click(bugBox);
    await waitFor(() => expect(bugBox).toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: 'Quick win' }));
    await waitFor(async () =>
      expect((await getDatabase().tasks.get(taskId))?.labelIds).toEqual([bug, quickWin]),
    );

    await user.click(bugBox);
    await waitFor(async () =>
      expect((await getDatabase().tasks.get(taskId))?.labelIds).toEqual([quickWin]),
    );
  });

  it('follows a category change: labels of the old category go with it', async () => {
    const user = userEvent.setup();
    const { work, bug } = await seedCatalog();
    const taskId = await createTask(getDatabase(), 'Fix login', { categoryId: work });
    await userWrite(getDatabase(), 'set_task_labels', { labelIds: [bug] }, { taskId });
    renderApp(`/tasks/${taskId}`);
    expect(await screen.findByRole('checkbox', { name: 'Bug' })).toBeChecked();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Home');
    expect(await screen.findByRole('checkbox', { name: 'Errand' })).not.toBeChecked();
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: /Bug/ })).not.toBeInTheDocument(),
    );
    expect((await getDatabase().tasks.get(taskId))?.labelIds).toEqual([]);
  });
});
