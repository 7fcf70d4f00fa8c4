import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../db/connection';
import { getDeviceId } from '../../db/settings';
import { keepOutbox } from '../../db/sync-settings';
import type { Device } from '../../domain/device';
import type { Removal } from '../../sync/devices/remove-device';
import { DeviceList } from './device-list';

const point = { kty: 'EC' as const, crv: 'P-256' as const, x: 'a'.repeat(43), y: 'b'.repeat(43) };
const device = (fields: Partial<Device> & Pick<Device, 'id' | 'name'>): Device => ({
  kind: 'tablet',
  added: '2026-11-20T09:00:00.000Z',
  keys: { agreement: point, signing: point },
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  rev: 1,
  vectorClock: {},
  ...fields,
});

let here = '';
beforeEach(async () => {
  const db = getDatabase();
  await db.delete();
  await db.open();
  // A device of a synced journal: a rename keeps its outbox row.
  await keepOutbox(db);
  here = await getDeviceId(db);
  await db.devices.bulkPut([
    device({ id: here, name: 'Laptop', kind: 'computer' }),
    device({ id: 'kitchen', name: 'Kitchen tablet', added: '2026-11-21T09:00:00.000Z' }),
  ]);
  await db.syncState.put({
    key: 'devicesLastSeen',
    value: { kitchen: '2026-11-27T08:00:00.000Z' },
  });
});
afterEach(() => cleanup());

const row = async (name: string) =>
  within((await screen.findByText(name, { selector: 'strong' })).closest('li') as HTMLElement);

describe('DeviceList', () => {
  it('lists each device with its kind, when it was added and last seen, and which is this one', async () => {
    render(<DeviceList />);
    const laptop = await row('Laptop');
    expect(laptop.getByText('This device')).toBeInTheDocument();
    expect(laptop.queryByRole('button', { name: /Remove/ })).toBeNull();
    const kitchen = await row('Kitchen tablet');
    expect(kitchen.getByText(/^Tablet · added .* · last seen .*2026/)).toBeInTheDocument();
    expect(kitchen.queryByText('This device')).toBeNull();
  });

  it('renames a device, and says what a name must be', async () => {
    const user = userEvent.setup();
    render(<DeviceList />);
    const kitchen = await row('Kitchen tablet');
    await user.click(kitchen.getByRole('button', { name: 'Rename Kitchen tablet' }));
    const input = kitchen.getByLabelText('New name for Kitchen tablet');
    await user.clear(input);
    await user.click(kitchen.getByRole('button', { name: 'Save name' }));
    expect(await kitchen.findByRole('alert')).toHaveTextContent(/Give this device a name/);
    await user.type(input, 'Hall tablet');
    await user.click(kitchen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Hall tablet', { selector: 'strong' })).toBeInTheDocument();
    expect((await getDatabase().devices.get('kitchen'))?.name).toBe('Hall tablet');
    expect(await getDatabase().outbox.count()).toBe(1);
  });

  it('removes a device only after a confirmation in words, and says what happened', async () => {
    const user = userEvent.setup();
    const removed: string[] = [];
    const remove = async (id: string): Promise<Removal> => {
      removed.push(id);
      return { ok: true, words: 'Kitchen tablet was removed.' };
    };
    render(<DeviceList remove={remove} />);
    const kitchen = await row('Kitchen tablet');
    await user.click(kitchen.getByRole('button', { name: 'Remove Kitchen tablet…' }));
    const confirm = kitchen.getByRole('group', { name: 'Remove Kitchen tablet' });
    expect(confirm).toHaveTextContent(/can read nothing written from now on/);
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(removed).toEqual([]);

    await user.click(kitchen.getByRole('button', { name: 'Remove Kitchen tablet…' }));
    await user.click(kitchen.getByRole('button', { name: 'Remove Kitchen tablet' }));
    expect(await screen.findByText('Kitchen tablet was removed.')).toBeInTheDocument();
    expect(removed).toEqual(['kitchen']);
  });

  it('shows a removed device with when and by whom, and an unfinished removal as such', async () => {
    await getDatabase().devices.put(
      device({
        id: 'lost',
        name: 'Lost phone',
        removed: '2026-11-26T10:00:00.000Z',
        removedBy: here,
      }),
    );
    render(<DeviceList />);
    const lost = await row('Lost phone');
    expect(lost.getByText(/^Removed .*2026.* by Laptop\./)).toHaveTextContent(/did not finish/);
    expect(lost.getByRole('button', { name: 'Remove Lost phone…' })).toBeInTheDocument();
    expect(lost.queryByRole('button', { name: /Rename/ })).toBeNull();
  });
});
