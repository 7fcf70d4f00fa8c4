import { describe, expect, it } from 'vitest';
import { allTools, findTool, isBatchSingular, modelTools } from './registry';
import { NO_NAMES } from './tool-definition';

describe('the tool registry', () => {
  it.each(modelTools().map((tool) => [tool.name, tool] as const))(
    '%s has every part a model tool needs',
    (_name, tool) => {
      expect(tool.description, 'description').toMatch(/.{40,}/);
      expect(tool.description, 'description shows an example').toMatch(/Example/);
      expect(['deferred', 'immediate', 'wake']).toContain(tool.route);
      expect(tool.example, 'example arguments').toBeDefined();
      expect(tool.argsSchema.safeParse(tool.example).success, 'the example is valid').toBe(true);
      expect(tool.summarize(tool.argsSchema.parse(tool.example), NO_NAMES)).toMatch(/\S/);
      expect(typeof tool.handle).toBe('function');
      expect(typeof tool.targetTaskId).toBe('function');
      if (tool.batch) {
        const singular = findTool(tool.batch.singular);
        expect(singular, `${tool.batch.singular} exists`).toBeDefined();
        expect(singular!.audience).toBe('internal');
        expect(typeof singular!.preview).toBe('function');
        expect(singular!.example).toBeDefined();
        expect(tool.example![tool.batch.key], 'the batch key holds the array').toBeInstanceOf(
          Array,
        );
      } else if (tool.route === 'deferred' || tool.route === 'immediate') {
        expect(typeof tool.preview, 'a before → after preview').toBe('function');
      }
    },
  );

  it('offers the model exactly the catalogue, never the singular tools', () => {
    expect(
      modelTools()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(
      [
        'add_multiple_checklist_items',
        'assign_task_labels',
        'set_task_language',
        'set_task_status',
        'set_task_title',
        'update_checklist_items',
        'update_task_due_date',
        'update_task_estimate',
        'update_task_priority',
      ].sort(),
    );
    for (const name of ['add_checklist_item', 'update_checklist_item', 'assign_task_label']) {
      expect(isBatchSingular(findTool(name)!)).toBe(true);
    }
  });

  it('routes the catalogue as ARCHITECTURE.md says', () => {
    expect(findTool('set_task_language')!.route).toBe('immediate');
    for (const tool of modelTools().filter((candidate) => candidate.name !== 'set_task_language')) {
      expect(tool.route, tool.name).toBe('deferred');
    }
  });

  it('has unique names and finds tools by own name only', () => {
    const names = allTools().map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 42, null]) {
      expect(findTool(name)).toBeUndefined();
    }
  });
});
