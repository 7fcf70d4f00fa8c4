import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"e":2,"f":1}]},"b":1}',
    );
  });

  it('never overflows the stack, however deep a hostile value nests', () => {
    let value: unknown = 'deep';
    for (let level = 0; level < 100_000; level++) value = { a: value };
    const text = canonicalJson(value);
    expect(text).toContain('nested deeper than 256 levels');
    expect(text.length).toBeLessThan(2_000);
  });
});
