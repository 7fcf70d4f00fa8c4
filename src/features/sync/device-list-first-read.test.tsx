/**
 * Settings → Sync's device list on a freshly loaded page: the first read of this device's
 * id in the page happened inside the list's live query, where getDeviceId's one write
 * transaction threw Dexie's ReadOnlyError and the whole Settings page showed "This page
 * could not be opened". A file of its own, so nothing in it has read the id before.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { liveQuery } from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { getDatabase } from '../../db/connection';
import { getDeviceId, readDeviceId } from '../../db/settings';
import { DeviceList } from './device-list';

afterEach(() => cleanup());

const point = { kty: 'EC' as const, crv: 'P-256' as const, x: 'a'.repeat(43), y: 'b'.repeat(43) };

it('shows the list, this device marked, when the page has not read its id before', async () => {
  const db = getDatabase();
  await db.open();
  // Stored by an earlier session of the app, not by this page.
  await db.settings.put({ key: 'deviceId', value: 'laptop-1' });
  await db.devices.put({
    id: 'laptop-1',
    name: 'Laptop',
    kind: 'computer',
    added: '2026-11-20T09:00:00.000Z',
    keys: { agreement: point, signing: point },
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    rev: 1,
    vectorClock: {},
  });
  render(<DeviceList />);
  expect(await screen.findByText('This device')).toBeInTheDocument();
});

it('reads no id, and writes none, in a live query on a device that has none yet', async () => {
  const db = getDatabase();
  await db.settings.delete('deviceId');
  const seen = await new Promise<string | undefined>((resolve, reject) => {
    const subscription = liveQuery(() => readDeviceId(db)).subscribe({
      next: (value) => {
        subscription.unsubscribe();
        resolve(value);
      },
      error: reject,
    });
  });
  expect(seen).toBeUndefined();
  expect(await db.settings.get('deviceId')).toBeUndefined();
  // Minted outside a live query, it is then what the live read sees.
  const minted = await getDeviceId(db);
  expect(await readDeviceId(db)).toBe(minted);
});
