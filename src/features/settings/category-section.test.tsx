import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '../../db/connection';
import { listCategories } from '../../db/queries/settings-catalog';
import { CategorySection } from './category-section';

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
});
afterEach(() => cleanup());

const addForm = () => screen.getByRole('form', { name: 'Add a category' });
const categoryNames = () =>
  within(screen.getByRole('list', { name: 'Categories' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.catalog-row__name')?.textContent);

async function addCategory(name: string, color?: string) {
  const form = addForm();
  await userEvent.type(within(form).getByLabelText('Name'), name);
  if (color) fireEvent.input(within(form).getByLabelText('Colour'), { target: { value: color } });
  await userEvent.click(within(form).getByRole('button', { name: 'Add category' }));
  // Saved (the form cleared) or refused (an alert): either way the save has finished.
  await waitFor(() =>
    expect(
      screen.queryByRole('alert') !== null ||
        (within(addForm()).getByLabelText('Name') as HTMLInputElement).value === '',
    ).toBe(true),
  );
}

describe('CategorySection', () => {
  it('adds a category with its colour and lists it by name with a swatch', async () => {
    render(<CategorySection />);
    expect(await screen.findByText(/No categories yet/)).toBeInTheDocument();
    await addCategory('Work', '#aa3300');
    await addCategory('Home');

    await waitFor(() => expect(categoryNames()).toEqual(['Home', 'Work']));
    const [home, work] = await listCategories(getDatabase());
    expect(work).toMatchObject({ name: 'Work', color: '#aa3300' });
    expect(home?.color).toMatch(/^#[0-9a-f]{6}$/);
    const swatch = screen.getByText('Work').parentElement!.previousElementSibling as HTMLElement;
    expect(swatch.style.background).toBe('rgb(170, 51, 0)');
    expect(within(addForm()).getByLabelText('Name')).toHaveValue('');
  });

  it('refuses an empty name at the field and writes nothing', async () => {
    render(<CategorySection />);
    await userEvent.click(within(addForm()).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A name cannot be empty.');
    expect(await getDatabase().categories.count()).toBe(0);
  });

  it('says a name is taken and keeps what was typed', async () => {
    render(<CategorySection />);
    await addCategory('Work');
    await screen.findByText('Work');
    await addCategory('work');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A category named "Work" already exists.',
    );
    expect(within(addForm()).getByLabelText('Name')).toHaveValue('work');
    expect(await getDatabase().categories.count()).toBe(1);
  });

  it('renames and recolours a category in place', async () => {
    render(<CategorySection />);
    await addCategory('Wrok', '#111111');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Wrok' }));

    const form = screen.getByRole('form', { name: 'Edit category Wrok' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.type(name, 'Work');
    fireEvent.input(within(form).getByLabelText('Colour'), { target: { value: '#224466' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(categoryNames()).toEqual(['Work']));
    const [category] = await listCategories(getDatabase());
    expect(category).toMatchObject({ name: 'Work', color: '#224466' });
    expect(screen.getByRole('button', { name: 'Edit Work' })).toHaveFocus();
  });

  it('deletes a category only after the confirm step', async () => {
    render(<CategorySection />);
    await addCategory('Work');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Work' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await getDatabase().categories.count()).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Work' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete category' }));

    expect(await screen.findByText(/No categories yet/)).toBeInTheDocument();
    const [row] = await getDatabase().categories.toArray();
    expect(row?.deletedAt).toBeDefined();
  });
});
