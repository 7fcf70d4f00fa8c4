// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeEnvelope,
  ENVELOPE_LIMITS,
  joinParts,
  OversizedRowError,
  parseEnvelope,
  partMessageId,
  splitOperation,
  type RowDiff,
  type SyncEnvelope,
  type SyncOperation,
} from './sync-envelope';

const task = (title: string) => ({
  id: 'task-1',
  title,
  status: 'OPEN',
  updatedAt: '2026-01-02T10:00:00.000Z',
  vectorClock: { 'device-a': 3 },
});

const operation: SyncOperation = {
  v: 1,
  operationId: 'a3f9c0de',
  kind: 'set_task_title',
  deviceId: 'device-a',
  vectorClock: { 'device-a': 3 },
  time: '2026-01-02T10:00:00.000Z',
  diffs: [{ table: 'tasks', id: 'task-1', before: task('Old'), after: task('New') }],
};
const envelope: SyncEnvelope = { ...operation, part: { index: 0, count: 1 } };

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const reasonFor = (value: unknown) => {
  const parsed = parseEnvelope(bytes(value));
  return parsed.ok ? 'accepted' : parsed.reason;
};

describe('parseEnvelope', () => {
  it('reads back what encodeEnvelope wrote', () => {
    expect(parseEnvelope(encodeEnvelope(envelope))).toEqual({ ok: true, envelope });
  });

  it('refuses a message that is not UTF-8 JSON, without throwing', () => {
    const parsed = parseEnvelope(new Uint8Array([0xff, 0xfe, 0x00]));
    expect(parsed).toEqual({ ok: false, reason: 'The message is not JSON text in UTF-8.' });
  });

  it('refuses another envelope version and says which', () => {
    expect(reasonFor({ ...envelope, v: 2 })).toMatch(/version 2; this app reads version 1/);
  });

  it('refuses an oversized message before reading it', () => {
    const huge = new Uint8Array(ENVELOPE_LIMITS.maxMessageBytes + 1);
    expect(parseEnvelope(huge)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/bytes/),
    });
  });

  it.each([
    ['a table that is not synced', { diffs: [{ ...envelope.diffs[0], table: 'settings' }] }],
    ['an operation id that would change the subject', { operationId: 'op.>' }],
    [
      'a diff with neither before nor after',
      { diffs: [{ table: 'tasks', id: 'x', before: null, after: null }] },
    ],
    ['a part index past its count', { part: { index: 1, count: 1 } }],
    ['a negative clock counter', { vectorClock: { 'device-a': -1 } }],
    ['a time that is not ISO', { time: 'yesterday' }],
    [
      'a row with too many fields',
      {
        diffs: [
          {
            table: 'tasks',
            id: 'x',
            before: null,
            after: Object.fromEntries(
              Array.from({ length: ENVELOPE_LIMITS.maxFieldsPerRow + 1 }, (_, index) => [
                `f${index}`,
                1,
              ]),
            ),
          },
        ],
      },
    ],
    [
      'a row with a field name over 100 characters',
      { diffs: [{ table: 'tasks', id: 'x', before: null, after: { ['n'.repeat(101)]: 1 } }] },
    ],
    ['a row that is a list', { diffs: [{ table: 'tasks', id: 'x', before: null, after: [1] }] }],
    ['a row that is text', { diffs: [{ table: 'tasks', id: 'x', before: 'row', after: null }] }],
  ])('refuses %s, naming the problem', (_, change) => {
    expect(reasonFor({ ...envelope, ...change })).toMatch(/^The envelope is not valid: /);
  });

  it('refuses a message with a missing field', () => {
    const { deviceId: _deviceId, ...withoutDevice } = envelope;
    expect(reasonFor(withoutDevice)).toMatch(/deviceId/);
  });
});

describe('splitOperation', () => {
  const diffOfSize = (index: number, size: number): RowDiff => ({
    table: 'entries',
    id: `entry-${index}`,
    before: null,
    after: { id: `entry-${index}`, text: 'x'.repeat(size) },
  });

  it('keeps a small operation whole, as part 1 of 1 with the operation id as message id', () => {
    const parts = splitOperation(operation);
    expect(parts).toEqual([envelope]);
    expect(partMessageId(parts[0]!)).toBe('a3f9c0de');
  });

  it('cuts a large import into parts under the budget that join back to the operation', () => {
    const large = {
      ...operation,
      diffs: Array.from({ length: 300 }, (_, index) => diffOfSize(index, 5_000)),
    };
    const parts = splitOperation(large);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(encodeEnvelope(part).byteLength).toBeLessThanOrEqual(
        ENVELOPE_LIMITS.defaultPartBudgetBytes,
      );
      expect(parseEnvelope(encodeEnvelope(part)).ok).toBe(true);
    }
    expect(parts.map(partMessageId)).toContain(`a3f9c0de-p2of${parts.length}`);
    expect(joinParts([...parts].reverse())).toEqual({ ok: true, operation: large });
  });

  it('refuses a single row larger than the budget', () => {
    const oversized = { ...operation, diffs: [diffOfSize(1, 600_000)] };
    expect(() => splitOperation(oversized)).toThrow(OversizedRowError);
  });

  it('always fits the budget and joins back, whatever the diff sizes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 60 }),
        fc.integer({ min: 4_000, max: 20_000 }),
        (sizes, budget) => {
          const withDiffs = {
            ...operation,
            diffs: sizes.map((size, index) => diffOfSize(index, size)),
          };
          const parts = splitOperation(withDiffs, budget);
          expect(parts.every((part) => encodeEnvelope(part).byteLength <= budget)).toBe(true);
          expect(joinParts(parts)).toEqual({ ok: true, operation: withDiffs });
        },
      ),
      { seed: 20260102, numRuns: 200 },
    );
  });
});

describe('joinParts', () => {
  const parts = splitOperation(
    {
      ...operation,
      diffs: Array.from({ length: 3 }, (_, index) => ({ ...operation.diffs[0]!, id: `t${index}` })),
    },
    700,
  );

  it('waits for missing parts and says which', () => {
    expect(parts.length).toBe(3);
    expect(joinParts([parts[0]!, parts[2]!])).toEqual({
      ok: false,
      reason: 'Waiting for part(s) 2 of 3.',
    });
  });

  it('refuses a part that arrived twice or belongs to another operation', () => {
    expect(joinParts([parts[0]!, parts[0]!, parts[1]!])).toMatchObject({ ok: false });
    const stranger = { ...parts[1]!, deviceId: 'device-b' };
    expect(joinParts([parts[0]!, stranger, parts[2]!])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/does not belong/),
    });
  });
});
