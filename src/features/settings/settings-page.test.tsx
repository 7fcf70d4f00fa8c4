import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
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
