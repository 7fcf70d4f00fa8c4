// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideRemoteRow, stampWrite, type MergeRow, type RemoteRowChange } from './merge-rule';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const NOW = Date.UTC(2026, 0, 1) + 1_000_000;

const base: MergeRow = {
  id: 'task-1',
  title: 'Write report',
  estimateMinutes: 30,
  status: 'OPEN',
  labelIds: [],
  updatedAt: at(0),
  vectorClock: {},
  rev: 1,
};

/** A write on one device: the change it sends is the row before and after. */
function write(
  row: MergeRow,
  changes: Record<string, unknown>,
  deviceId: string,
  ms: number,
): { row: MergeRow; change: RemoteRowChange } {
  const after = stampWrite(row, changes, deviceId, at(ms));
  return { row: after, change: { before: row, after } };
}

describe('decideRemoteRow: clocks first', () => {
  it('takes a remote row that has seen everything the local row has', () => {
    const local = write(base, { title: 'A' }, 'device-a', 10);
    const remote = write(local.row, { status: 'GROOMED' }, 'device-b', 20);
    const decision = decideRemoteRow(local.row, remote.change, NOW);
    expect(decision.outcome).toBe('take-remote');
    expect(decision.row).toEqual(remote.row);
    expect(decision.lost).toEqual([]);
  });

  it('keeps a local row that has already seen the remote change, or the same version', () => {
    const remote = write(base, { title: 'B' }, 'device-b', 10);
    const local = write(remote.row, { status: 'DONE' }, 'device-a', 20);
    expect(decideRemoteRow(local.row, remote.change, NOW).outcome).toBe('keep-local');
    expect(decideRemoteRow(remote.row, remote.change, NOW).outcome).toBe('keep-local');
  });

  it('takes a row this device has never seen', () => {
    const remote = write(base, { title: 'B' }, 'device-b', 10);
    expect(decideRemoteRow(undefined, { before: null, after: remote.row }, NOW).outcome).toBe(
      'take-remote',
    );
  });
});

describe('decideRemoteRow: concurrent changes, field by field', () => {
  it('takes the fields only the remote changed and keeps those only this device changed', () => {
    const local = write(base, { title: 'Local title' }, 'device-a', 10);
    const remote = write(base, { estimateMinutes: 90 }, 'device-b', 5);
    const decision = decideRemoteRow(local.row, remote.change, NOW);
    expect(decision.outcome).toBe('merged');
    expect(decision.row).toMatchObject({
      title: 'Local title',
      estimateMinutes: 90,
      vectorClock: { 'device-a': 1, 'device-b': 1 },
    });
    expect(decision.taken).toEqual(['estimateMinutes']);
    expect(decision.lost).toEqual([]);
  });

  it('gives a field both changed to the later write and returns the losing value', () => {
    const local = write(base, { title: 'Earlier' }, 'device-a', 10);
    const remote = write(base, { title: 'Later' }, 'device-b', 20);
    const decision = decideRemoteRow(local.row, remote.change, NOW);
    expect(decision.row.title).toBe('Later');
    expect(decision.lost).toEqual([{ field: 'title', value: 'Earlier', side: 'local' }]);

    const reverse = decideRemoteRow(remote.row, local.change, NOW);
    expect(reverse.row.title).toBe('Later');
    expect(reverse.lost).toEqual([{ field: 'title', value: 'Earlier', side: 'remote' }]);
  });

  it('breaks a tie in time by the greater id of the device that wrote the field', () => {
    const local = write(base, { title: 'From a' }, 'device-a', 10);
    const remote = write(base, { title: 'From b' }, 'device-b', 10);
    expect(decideRemoteRow(local.row, remote.change, NOW).row.title).toBe('From b');
    expect(decideRemoteRow(remote.row, local.change, NOW).row.title).toBe('From b');
  });

  it('caps writes dated in the future, so the more wrong clock does not win', () => {
    const year = (value: number) => Date.UTC(value, 0, 1) - Date.UTC(2026, 0, 1);
    const local = write(base, { title: 'Dated 9999' }, 'device-a', year(9999));
    const remote = write(base, { title: 'Dated 3000' }, 'device-z', year(3000));
    // Both compare as "now" (plus the allowance): the tie goes to device-z.
    expect(decideRemoteRow(local.row, remote.change, NOW).row.title).toBe('Dated 3000');
    expect(decideRemoteRow(remote.row, local.change, NOW).row.title).toBe('Dated 3000');
  });

  it('loses nothing when both made the same change', () => {
    const local = write(base, { status: 'DONE' }, 'device-a', 10);
    const remote = write(base, { status: 'DONE' }, 'device-b', 20);
    expect(decideRemoteRow(local.row, remote.change, NOW).lost).toEqual([]);
  });

  it('decides a conflict by when the field was written, not when the row was last touched', () => {
    // device-a sets the title at 10. device-b set it at 5, then changed the estimate at 20.
    const a = write(base, { title: 'A' }, 'device-a', 10);
    const b1 = write(base, { title: 'B' }, 'device-b', 5);
    const b2 = write(b1.row, { estimateMinutes: 60 }, 'device-b', 20);

    let onA = decideRemoteRow(a.row, b1.change, NOW).row;
    onA = decideRemoteRow(onA, b2.change, NOW).row;
    const onB = decideRemoteRow(b2.row, a.change, NOW).row;

    expect(onA.title).toBe('A');
    expect(onB.title).toBe('A');
    expect(onB).toEqual(onA);
  });
});

describe('decideRemoteRow converges (property)', () => {
  const changes = fc.record(
    {
      title: fc.constantFrom('One', 'Two', 'Three'),
      estimateMinutes: fc.option(fc.constantFrom(15, 30, 60), { nil: undefined }),
      status: fc.constantFrom('OPEN', 'GROOMED', 'DONE'),
      labelIds: fc.constantFrom([], ['l1'], ['l1', 'l2']),
    },
    { requiredKeys: [] },
  );
  // Steps of 0 ms make equal write times, so the device tie-break is exercised too.
  const step = fc.integer({ min: 0, max: 2 });

  /**
   * Devices write and deliver their operations to each other in a random interleaving
   * (each device's operations reach another in order, as the stream delivers them);
   * at the end everything is delivered, and every device must hold the same row.
   */
  function converges(deviceCount: number, seed: number) {
    const device = fc.integer({ min: 0, max: deviceCount - 1 });
    const event = fc.oneof(
      fc.record({ type: fc.constant('write' as const), on: device, changes, step }),
      fc.record({ type: fc.constant('deliver' as const), from: device, to: device, step }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const devices = Array.from({ length: deviceCount }, (_, index) => `device-${index}`);
        const rows: MergeRow[] = devices.map(() => base);
        const sent: RemoteRowChange[][] = devices.map(() => []);
        const received = devices.map(() => devices.map(() => 0));
        let ms = 1;
        const deliver = (from: number, to: number) => {
          const change = sent[from]![received[to]![from]!];
          if (from === to || !change) return false;
          received[to]![from]!++;
          rows[to] = decideRemoteRow(rows[to], change, Date.UTC(2026, 0, 1) + ms).row;
          return true;
        };
        for (const next of events) {
          ms += next.step;
          if (next.type === 'write') {
            const written = write(rows[next.on]!, next.changes, devices[next.on]!, ms);
            rows[next.on] = written.row;
            sent[next.on]!.push(written.change);
          } else {
            deliver(next.from, next.to);
          }
        }
        for (let progress = true; progress;) {
          ms += 1;
          progress = false;
          for (let from = 0; from < deviceCount; from++) {
            for (let to = 0; to < deviceCount; to++) progress = deliver(from, to) || progress;
          }
        }
        for (const row of rows) expect(row).toEqual(rows[0]);
      }),
      { seed, numRuns: 500 },
    );
  }

  it('two devices applying each other’s operations in any interleaving end with the same row', () => {
    converges(2, 424242);
  });

  it('so do three devices', () => {
    converges(3, 20260101);
  });
});
