import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageSection } from './storage-section';

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <StorageSection />
    </QueryClientProvider>,
  );
}

function stubStorage(storage: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
}

afterEach(() => {
  cleanup();
  // jsdom has no StorageManager: remove the stub so the next test starts without one.
  Reflect.deleteProperty(navigator, 'storage');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function stubServiceWorker(active: boolean) {
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => (active ? { active: {} } : undefined) },
    configurable: true,
  });
}

const MB = 1024 * 1024;

describe('StorageSection', () => {
  it('copes with a browser that has no navigator.storage', async () => {
    stubStorage(undefined);
    renderSection();
    expect(await screen.findByText(/does not say whether it keeps your data/)).toBeInTheDocument();
    expect(await screen.findByText(/does not say how much space/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says whether the app works offline: ready, not yet, or not in this browser', async () => {
    stubStorage(undefined);
    renderSection();
    expect(await screen.findByText(/cannot keep the app for offline use/)).toBeInTheDocument();
    cleanup();

    stubServiceWorker(false);
    renderSection();
    expect(await screen.findByText(/Not ready to work offline yet/)).toBeInTheDocument();
    cleanup();

    stubServiceWorker(true);
    renderSection();
    expect(await screen.findByText(/Works offline: the app is saved/)).toBeInTheDocument();
  });

  it('shows usage and quota in MB and that the data is kept', async () => {
    stubStorage({
      persisted: async () => true,
      estimate: async () => ({ usage: 2.5 * MB, quota: 2048 * MB }),
    });
    renderSection();
    expect(await screen.findByText(/not clear it to free space/)).toBeInTheDocument();
    expect(await screen.findByText(/Using 2\.5 MB of about 2,048 MB/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep my data on this device' })).toBeNull();
  });

  it('asks the browser to keep the data and says that it agreed', async () => {
    const persist = vi.fn(async () => true);
    stubStorage({
      persisted: async () => false,
      persist,
      estimate: async () => ({ usage: 0, quota: 100 * MB }),
    });
    renderSection();
    expect(await screen.findByText(/may clear it when the device runs low/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Keep my data on this device' }));

    expect(await screen.findByText(/The browser agreed/)).toBeInTheDocument();
    expect(persist).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Keep my data on this device' })).toBeNull();
  });

  it('says so, and advises exporting, when the browser refuses', async () => {
    stubStorage({
      persisted: async () => false,
      persist: async () => false,
      estimate: async () => ({ usage: 0, quota: 100 * MB }),
    });
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Keep my data on this device' }),
    );
    expect(await screen.findByText(/The browser did not agree/)).toHaveTextContent(
      /may still clear your journal .* Export your journal regularly/,
    );
  });
});
