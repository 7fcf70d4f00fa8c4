import { describe, expect, it } from 'vitest';
import { addToBurst, burstMessage, BURST_MS } from './confirm-burst';

describe('addToBurst', () => {
  it('adds a quick confirmation to the previous one, and starts again after a pause', () => {
    const first = addToBurst(undefined, { summary: 'Set estimate', decisionId: 'd1' }, 0);
    expect(burstMessage(first)).toBe('Applied: Set estimate');
    const second = addToBurst(first, { summary: 'Add: "Mockup"', decisionId: 'd2' }, 1_000);
    expect(burstMessage(second)).toBe('Applied 2: Set estimate · Add: "Mockup"');
    expect(second.decisionIds).toEqual(['d1', 'd2']);
    const later = addToBurst(second, { summary: 'Set status', decisionId: 'd3' }, 1_000 + BURST_MS);
    expect(later.decisionIds).toEqual(['d3']);
    expect(burstMessage(later)).toBe('Applied: Set status');
  });
});
