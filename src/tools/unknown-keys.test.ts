import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findTool, modelTools } from './registry';
import { knownKeys, unknownKeys } from './unknown-keys';

const tool = (name: string) => findTool(name)!.argsSchema;

describe('unknownKeys', () => {
  it('finds nothing in the example of any model tool', () => {
    for (const each of modelTools()) {
      if (!each.example) continue;
      expect([each.name, unknownKeys(each.argsSchema, each.example)]).toEqual([each.name, []]);
    }
  });

  it('names the keys a tool does not take, beside the ones it does', () => {
    expect(
      unknownKeys(tool('update_task_estimate'), { minutes: 2, unit: 'hours', rationale: 'x' }),
    ).toEqual(['unit']);
    expect(unknownKeys(tool('set_task_title'), { title: 'A', task_id: 'other' })).toEqual([
      'task_id',
    ]);
  });

  it('looks inside a batch: each item, through the schema’s own transform', () => {
    const args = { items: [{ title: 'A' }, { title: 'B', id: 'x' }] };
    expect(
      unknownKeys(tool('update_checklist_items'), {
        items: [{ id: 'a', isChecked: true, note: 'why' }],
      }),
    ).toEqual(['items.0.note']);
    expect(unknownKeys(tool('add_multiple_checklist_items'), { ...args, note: 'top' })).toEqual([
      'note',
    ]);
  });

  it('ignores extra keys inside a checklist item, except one naming a task', () => {
    const items = [
      { title: 'A', description: 'More words', priority: 'high' },
      { title: 'B', taskId: 'another-task' },
    ];
    expect(unknownKeys(tool('add_multiple_checklist_items'), { items })).toEqual([
      'items.1.taskId',
    ]);
  });

  it('reads through preprocess, optional and default, and leaves catchall objects alone', () => {
    const schema = z.preprocess(
      (value) => value,
      z.object({ inner: z.object({ a: z.number() }).optional(), b: z.number().default(1) }),
    );
    expect(unknownKeys(schema, { inner: { a: 1, z: 2 }, c: 3 })).toEqual(['inner.z', 'c']);
    expect(unknownKeys(z.object({}).passthrough(), { anything: 1 })).toEqual([]);
    expect(unknownKeys(z.union([z.object({ a: z.number() }), z.string()]), { b: 1 })).toEqual([]);
  });

  it('lists the keys of the top-level object', () => {
    expect(knownKeys(tool('update_task_estimate'))).toEqual(['minutes', 'rationale']);
    expect(knownKeys(z.string())).toEqual([]);
  });
});
