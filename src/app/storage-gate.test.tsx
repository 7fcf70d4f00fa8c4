import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { StorageGate } from './storage-gate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('says in words that this browser stores nothing, and what to do, instead of the app', async () => {
  vi.stubGlobal('indexedDB', undefined);
  render(
    <StorageGate>
      <p>The journal</p>
    </StorageGate>,
  );
  expect(
    await screen.findByRole('heading', {
      name: 'This browser is not letting Countersign store data',
    }),
  ).toBeInTheDocument();
  expect(screen.getByText(/not private\) window/)).toBeInTheDocument();
  expect(screen.queryByText('The journal')).toBeNull();
});
