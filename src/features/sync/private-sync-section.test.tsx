import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../db/connection';
import { getDeviceKeyDatabase } from '../../db/device-key-store';
import { writeSyncConfig, writeSyncStatus } from '../../db/sync-connection';
import { createJournalKey } from '../../sync/seal/journal-keys';
import { SYNC_CONFIG } from './join-code-fixture';
import { PrivateSyncSection } from './private-sync-section';

const actions = vi.hoisted(() => ({
  encryptHere: vi.fn(),
  keyCoverageHere: vi.fn(),
}));
vi.mock('./private-sync-actions', () => actions);

function render(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderBare(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

beforeEach(async () => {
  await getDatabase().settings.clear();
  await getDatabase().syncState.clear();
  await getDeviceKeyDatabase().journalKeys.clear();
  await writeSyncConfig(getDatabase(), SYNC_CONFIG);
  actions.keyCoverageHere.mockResolvedValue({
    ok: true,
    coverage: { devices: ['laptop', 'tablet'], withKey: ['laptop'] },
  });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Settings → Sync: encryption', () => {
  it('explains what encrypting means and that the phrase is the only way back, then says why it failed', async () => {
    actions.encryptHere.mockResolvedValue({ ok: false, words: 'The sync server is unreachable.' });
    render(<PrivateSyncSection />);
    const button = await screen.findByRole('button', { name: 'Encrypt this journal' });
    expect(screen.getByText(/the only way back without one of your devices/)).toBeVisible();
    await act(async () => fireEvent.click(button));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The journal was not encrypted: The sync server is unreachable.',
    );
    expect(actions.encryptHere).toHaveBeenCalledWith(SYNC_CONFIG);
  });

  it('once encrypted, shows the key’s words and which devices still lack the key', async () => {
    await createJournalKey();
    render(<PrivateSyncSection />);
    expect(await screen.findByText(/This journal is encrypted/)).toBeVisible();
    expect(document.querySelector('.fingerprint')?.textContent).toMatch(/^(\w+ ){4}\w+$/);
    expect(
      await screen.findByText(/1 device that syncs this journal does not have its key/),
    ).toBeVisible();
  });

  it('on a device without the key, says it waits and how to get the key', async () => {
    await writeSyncStatus(getDatabase(), {
      phase: 'connected',
      message: 'Waiting',
      errorKind: 'waiting-for-key',
      at: new Date().toISOString(),
    });
    render(<PrivateSyncSection />);
    expect(await screen.findByText(/Waiting for this journal’s key/)).toHaveTextContent(
      /Join with a code here/,
    );
    // Encrypting here would make a second key for the same journal.
    expect(screen.queryByRole('button', { name: 'Encrypt this journal' })).toBeNull();
  });
});
