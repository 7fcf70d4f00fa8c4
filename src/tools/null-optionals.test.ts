import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withoutNullOptionals } from './null-optionals';

describe('withoutNullOptionals', () => {
  const schema = z.object({
    title: z.string(),
    note: z.string().optional(),
    due: z.string().nullable().optional(),
    items: z.array(z.object({ title: z.string(), done: z.boolean().optional() })).optional(),
  });

  it('drops null where the key may be left out and null is not a value', () => {
    expect(
      withoutNullOptionals(schema, {
        title: 'A',
        note: null,
        items: [
          { title: 'B', done: null },
          { title: 'C', done: true },
        ],
      }),
    ).toEqual({ title: 'A', items: [{ title: 'B' }, { title: 'C', done: true }] });
  });

  it('keeps a null the schema takes, a required null and keys it does not know', () => {
    const value = { title: null, due: null, extra: null };
    expect(withoutNullOptionals(schema, value)).toEqual(value);
  });

  it('never changes what it was given', () => {
    const value = { title: 'A', note: null };
    withoutNullOptionals(schema, value);
    expect(value).toEqual({ title: 'A', note: null });
  });

  it('leaves a key alone when its preprocess cannot read null', () => {
    const strict = z.object({
      when: z.preprocess((input) => (input as string).trim(), z.string()).optional(),
    });
    expect(withoutNullOptionals(strict, { when: null })).toEqual({ when: null });
  });
});
