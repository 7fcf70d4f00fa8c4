import { describe, expect, it } from 'vitest';
import { resolveModelToolCall } from './model-call';

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

  it.each([
    ['add_checklist_item', 'add_multiple_checklist_items', 'items'],
    ['update_checklist_item', 'update_checklist_items', 'items'],
    ['assign_task_label', 'assign_task_labels', 'labels'],
  ])('refuses the singular %s and teaches its batch %s (no shim)', (singular, batch, key) => {
    const call = resolveModelToolCall(singular, { title: 'Milk' });
    expect(call.ok).toBe(false);
    expect(!call.ok && call.error).toContain(
      `${singular} is not a tool you can call. Use ${batch}`,
    );
    expect(!call.ok && call.error).toContain(`"${key}" as a JSON array, a one-element array`);
  });

  it('refuses internal tools and prototype names, listing the real tools', () => {
    for (const name of ['delete_task', 'import_journal', '__proto__', 'constructor', 'toString']) {
      const call = resolveModelToolCall(name, {});
      expect(call.ok).toBe(false);
      expect(!call.ok && call.error).toMatch(/The tools you can call are: .*set_task_title/);
    }
  });

  it('never decodes arguments sent as a string: it teaches the object form instead', () => {
    const call = resolveModelToolCall('update_task_estimate', '{"minutes": 30}');
    expect(call.ok).toBe(false);
    expect(!call.ok && call.error).toBe(
      'The arguments of update_task_estimate must be a JSON object, not a string (do not encode them as a string), for example {"minutes":90}.',
    );
    const nested = resolveModelToolCall('add_multiple_checklist_items', {
      items: '[{"title":"a"}]',
    });
    expect(nested.ok && nested.args).toEqual({ items: '[{"title":"a"}]' });
  });

  it('treats missing arguments as an empty object, for the schema to explain', () => {
    const call = resolveModelToolCall('update_task_estimate', null);
    expect(call.ok && call.args).toEqual({});
  });

  it('refuses arguments nested deeper than a tool needs, teaching the flat form', () => {
    let args: unknown = 60;
    for (let level = 0; level < 5_000; level++) args = { minutes: args };
    const call = resolveModelToolCall('update_task_estimate', args);
    expect(!call.ok && call.error).toBe(
      'The arguments of update_task_estimate nest deeper than 16 levels; send a flat object as the schema shows, for example {"minutes":90}.',
    );
    const batch = resolveModelToolCall('add_multiple_checklist_items', {
      items: [{ title: 'Milk' }],
    });
    expect(batch.ok).toBe(true);
  });
});
