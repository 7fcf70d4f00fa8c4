import { describe, expect, it } from 'vitest';
import { journalFileName } from './download-journal';

describe('journalFileName', () => {
  it('names the file after the local date, zero-padded', () => {
    expect(journalFileName(new Date(2026, 0, 5, 23, 59))).toBe(
      'countersign-journal-2026-01-05.json',
    );
  });
});
