import { describe, expect, it } from 'vitest';
import { describeChangedValues } from './describe-changed-values';

describe('describeChangedValues', () => {
  it('says one changed value as before → after', () => {
    expect(describeChangedValues({ minutes: 90 }, { minutes: 60 })).toBe('90 → 60');
  });
  it('names each field when several changed, and ignores the rationale', () => {
    expect(
      describeChangedValues(
        { title: 'Draft', isChecked: false, rationale: 'a' },
        { title: 'Draft it', isChecked: true, rationale: 'b' },
      ),
    ).toBe('title "Draft" → "Draft it"; isChecked false → true');
  });
});
