import { describe, expect, it } from 'vitest';
import { decodeArguments, resolveModelToolCall } from './model-call';

describe('resolving a model call', () => {
  it.each([
    ['set_task_estimate', 'update_task_estimate'],
    ['update_task_title', 'set_task_title'],
    ['set_due_date', 'update_task_due_date'],
    ['change_task_status', 'set_task_status'],
    ['add_checklist_items', 'add_multiple_checklist_items'],
  ])('resolves the confused name %s to %s before routing', (alias, real) => {
    const call = resolveModelToolCall(alias, {});
    expect(call.ok && call.tool.name).toBe(real);
    expect(call.ok && call.tool.route).toBe('deferred');
  });

  it('wraps a singular call into its batch so it is still deferred per item', () => {
    const call = resolveModelToolCall('add_checklist_item', { title: 'Milk' });
    expect(call.ok && call.tool.name).toBe('add_multiple_checklist_items');
    expect(call.ok && call.args).toEqual({ items: [{ title: 'Milk' }] });
  });

  it('refuses internal tools and prototype names, listing the real tools', () => {
    for (const name of ['delete_task', 'import_journal', '__proto__', 'constructor', 'toString']) {
      const call = resolveModelToolCall(name, {});
      expect(call.ok).toBe(false);
      expect(!call.ok && call.error).toMatch(/The tools you can call are: .*set_task_title/);
    }
  });

  it('decodes double-encoded arguments but leaves plain strings for validation to explain', () => {
    expect(decodeArguments('{"minutes": 30}')).toEqual({ minutes: 30 });
    expect(decodeArguments({ items: '[{"title":"a"}]' })).toEqual({ items: [{ title: 'a' }] });
    expect(decodeArguments({ items: 'milk, eggs' })).toEqual({ items: 'milk, eggs' });
    expect(decodeArguments({ title: '[draft] Plan' })).toEqual({ title: '[draft] Plan' });
    expect(decodeArguments(null)).toEqual({});
    expect(decodeArguments('not json')).toBe('not json');
  });
});
