import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { getDatabase } from '../../db/connection';
import { writeSnapshotWriteState } from '../../db/sync-settings';
import { WriteSnapshotControl } from './write-snapshot-control';

beforeEach(async () => {
  const db = getDatabase();
  await db.delete();
  await db.open();
});
afterEach(() => cleanup());

describe('Write a snapshot now', () => {
  it('says what the last write did: none yet, writing, written, failed with why', async () => {
    render(<WriteSnapshotControl />);
    expect(await screen.findByText('No snapshot written on this device yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write a snapshot now' })).toBeInTheDocument();

    await writeSnapshotWriteState(getDatabase(), { state: 'writing', at: '2026-11-27T10:00:00Z' });
    expect(await screen.findByText('Writing a snapshot of the journal…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write a snapshot now' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await writeSnapshotWriteState(getDatabase(), {
      state: 'written',
      at: '2026-11-27T10:00:00Z',
      sequence: 1234,
      rows: 5000,
    });
    expect(
      await screen.findByText(
        /^Snapshot written at .+: 5,000 rows, every change up to number 1,234\.$/,
      ),
    ).toBeInTheDocument();

    await writeSnapshotWriteState(getDatabase(), {
      state: 'failed',
      at: '2026-11-27T10:00:00Z',
      reason:
        'A change of this device has not reached the server yet. A snapshot is written once it has.',
    });
    expect(
      await screen.findByText(/^The last snapshot was not written .+: A change of this device/),
    ).toBeInTheDocument();
  });
});
