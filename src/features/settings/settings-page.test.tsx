import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { getDatabase } from '../../db/connection';
import { SettingsPage } from './settings-page';

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
});
afterEach(() => cleanup());

it('has a Settings heading and a section for each setting', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsPage />
    </QueryClientProvider>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual(['Categories', 'Labels', 'Export and import', 'Storage']);
  expect(await screen.findByRole('form', { name: 'Add a label' })).toBeInTheDocument();
});

it('lists its sections, the composed ones first, and a link lands on the section’s heading', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsPage contents={[{ id: 'extra', label: 'Extra' }]}>
        <section id="extra" aria-labelledby="extra-heading">
          <h2 id="extra-heading">Extra</h2>
        </section>
      </SettingsPage>
    </QueryClientProvider>,
  );
  const contents = screen.getByRole('navigation', { name: 'Settings sections' });
  expect(
    within(contents)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Extra', 'Categories', 'Labels', 'Export and import', 'Storage']);

  await userEvent.click(within(contents).getByRole('link', { name: 'Storage' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Storage' })).toHaveFocus());
  await userEvent.click(within(contents).getByRole('link', { name: 'Extra' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Extra' })).toHaveFocus());
  window.location.hash = '';
});
