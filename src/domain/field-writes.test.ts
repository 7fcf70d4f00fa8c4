import { describe, expect, it } from 'vitest';
import { stampFieldWrites } from './field-writes';

const stamp = { deviceId: 'tablet', now: '2026-03-01T10:00:00.000Z' };
const row: Record<string, unknown> = {
  id: 't1',
  title: 'Old',
  estimateMinutes: 30,
  rev: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('stampFieldWrites', () => {
  it('stamps the fields a write changed, and only those', () => {
    const next = stampFieldWrites(row, { ...row, title: 'New', rev: 2 }, stamp);
    expect(next.fieldWrites).toEqual({ title: { at: stamp.now, by: 'tablet' } });
  });

  it('keeps the earlier stamps of fields it did not change', () => {
    const earlier: Record<string, unknown> = {
      ...row,
      fieldWrites: { estimateMinutes: { at: 'x', by: 'laptop' } },
    };
    const next = stampFieldWrites(earlier, { ...earlier, title: 'New' }, stamp);
    expect(next.fieldWrites).toEqual({
      estimateMinutes: { at: 'x', by: 'laptop' },
      title: { at: stamp.now, by: 'tablet' },
    });
  });

  it('stamps a cleared field, and never earlier than the stamp it replaces', () => {
    const later: Record<string, unknown> = {
      ...row,
      fieldWrites: { title: { at: '2026-03-01T10:00:05.000Z', by: 'x' } },
    };
    const { title: _title, ...cleared } = later;
    expect(stampFieldWrites(later, { ...cleared, estimateMinutes: 5 }, stamp).fieldWrites).toEqual({
      title: { at: '2026-03-01T10:00:05.001Z', by: 'tablet' },
      estimateMinutes: { at: stamp.now, by: 'tablet' },
    });
  });

  it('leaves a new row unstamped, and ignores bookkeeping and inbox keys', () => {
    expect(stampFieldWrites(undefined, row, stamp)).toBe(row);
    const next = stampFieldWrites(row, { ...row, rev: 5, pendingKey: ['a'] }, stamp);
    expect(next).not.toHaveProperty('fieldWrites');
  });
});
