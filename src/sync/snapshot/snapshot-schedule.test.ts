import { describe, expect, it } from 'vitest';
import { snapshotSchedule } from './snapshot-schedule';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('when a device writes a snapshot by itself', () => {
  it('writes once the stream is the threshold past the newest snapshot on the server, and asks the server at most once per interval', async () => {
    let now = 0;
    let onServer = 0;
    const writes: number[] = [];
    const schedule = snapshotSchedule({
      newestOnServer: async () => onServer,
      write: async () => {
        writes.push(now);
        onServer = 1_000;
      },
      nowMs: () => now,
      every: 1_000,
      checkEveryMs: 60_000,
    });
    schedule.applied(999);
    await settle();
    expect(writes).toEqual([]);
    schedule.applied(1_000);
    await settle();
    expect(writes).toEqual([0]);
    now = 1_000;
    schedule.applied(2_500);
    await settle();
    expect(writes).toEqual([0]);
    now = 61_000;
    schedule.applied(2_500);
    await settle();
    expect(writes).toEqual([0, 61_000]);
  });

  it('does not write when another device already wrote a recent snapshot', async () => {
    const writes: string[] = [];
    const schedule = snapshotSchedule({
      newestOnServer: async () => 4_500,
      write: async () => void writes.push('written'),
      nowMs: () => 0,
    });
    schedule.applied(5_000);
    await settle();
    expect(writes).toEqual([]);
  });

  it('writes none while the device is catching up, and checks once it reached the head', async () => {
    const writes: number[] = [];
    let asked = 0;
    const schedule = snapshotSchedule({
      newestOnServer: async () => (asked++, 0),
      write: async () => void writes.push(asked),
      nowMs: () => 0,
      every: 1_000,
    });
    for (const cursor of [1_000, 5_000, 9_999]) schedule.applied(cursor, true);
    await settle();
    expect({ writes, asked }).toEqual({ writes: [], asked: 0 });
    schedule.applied(10_000, false);
    await settle();
    expect(writes).toEqual([1]);
  });
});
