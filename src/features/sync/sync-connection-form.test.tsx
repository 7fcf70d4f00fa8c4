import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '../../db/connection';
import { getDeviceKeyDatabase } from '../../db/device-key-store';
import { readSyncConfig, writeSyncConfig } from '../../db/sync-connection';
import { SyncConnectionForm } from './sync-connection-form';

const WITH_CREDENTIALS = 'wss://ann:hunter2@sync.example.org';

beforeEach(async () => {
  const db = getDatabase();
  await db.delete();
  await db.open();
  await writeSyncConfig(db, {
    url: WITH_CREDENTIALS,
    user: 'ann',
    secret: { kind: 'password', password: 'hunter2' },
    enabled: true,
  });
});
afterEach(() => cleanup());

const address = () => screen.getByRole('textbox', { name: /Server address/ });

describe('SyncConnectionForm', () => {
  it('shows the saved address without the credentials typed into it, and saving it unchanged keeps them', async () => {
    render(<SyncConnectionForm />);
    await screen.findByDisplayValue('wss://sync.example.org');
    expect(address()).toHaveValue('wss://sync.example.org');

    await userEvent.click(screen.getByRole('button', { name: 'Save and reconnect' }));
    await expect
      .poll(async () => readSyncConfig(getDatabase()))
      .toMatchObject({
        url: WITH_CREDENTIALS,
      });
  });

  it('saves a changed address as typed', async () => {
    render(<SyncConnectionForm />);
    await screen.findByDisplayValue('wss://sync.example.org');
    await userEvent.clear(address());
    await userEvent.type(address(), 'wss://other.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save and reconnect' }));
    await expect
      .poll(async () => readSyncConfig(getDatabase()))
      .toMatchObject({
        url: 'wss://other.example.org',
      });
  });

  it('refuses a nats:// address in words a browser can act on, and keeps the saved one', async () => {
    render(<SyncConnectionForm />);
    await screen.findByDisplayValue('wss://sync.example.org');
    await userEvent.clear(address());
    await userEvent.type(address(), 'nats://sync.example.org:4222');
    await userEvent.click(screen.getByRole('button', { name: 'Save and reconnect' }));
    expect(
      await screen.findByText(/A browser reaches the sync server over WebSocket/),
    ).toHaveTextContent('not nats://. For npm run sync-server that is ws://127.0.0.1:9222.');
    expect(await readSyncConfig(getDatabase())).toMatchObject({ url: WITH_CREDENTIALS });
  });

  it('asks again in words for an address and password this device can no longer open', async () => {
    await getDeviceKeyDatabase().sealKeys.clear();
    render(<SyncConnectionForm />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      /could not open the saved server address and password.*Type them again/,
    );
    expect(address()).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /User/ })).toHaveValue('ann');
  });
});
