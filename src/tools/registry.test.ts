import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allTools,
  batchToolOf,
  fieldLabel,
  findAliasedTool,
  findTool,
  isBatchSingular,
  modelTools,
  reviewKind,
  trustableTools,
} from './registry';
import type { WakeNotes } from './notes/wake-notes';
import { NO_NAMES, type ToolDefinition } from './tool-definition';

type Tool = ToolDefinition<unknown>;
const named = (tools: readonly Tool[]) => tools.map((tool) => [tool.name, tool] as const);
const withRoute = (route: Tool['route']) => modelTools().filter((tool) => tool.route === route);
const singulars = allTools().filter(isBatchSingular);
const exampleArgs = (tool: Tool) => tool.argsSchema.parse(tool.example);

/** The argument names the model reads in the tool's JSON schema, with their schemas. */
function jsonProperties(tool: Tool): Record<string, { maxLength?: number }> {
  const schema = z.toJSONSchema(tool.argsSchema, { io: 'input', unrepresentable: 'any' });
  return (schema.properties ?? {}) as Record<string, { maxLength?: number }>;
}

/** The fields a tool's proposal of its example would change (what staleness names). */
function proposedFields(tool: Tool): readonly string[] {
  return tool.proposalTarget?.(exampleArgs(tool), { taskId: 'task-id' })?.fields ?? [];
}

describe('the tool registry', () => {
  it.each(named(modelTools()))('%s has every part a model tool needs', (_name, tool) => {
    expect(tool.description, 'description').toMatch(/.{40,}/);
    expect(tool.description, 'description shows an example').toMatch(/Example/);
    expect(['deferred', 'immediate', 'noted']).toContain(tool.route);
    expect(tool.example, 'example arguments').toBeDefined();
    expect(tool.argsSchema.safeParse(tool.example).success, 'the example is valid').toBe(true);
    expect(tool.summarize(exampleArgs(tool), NO_NAMES)).toMatch(/\S/);
    expect(typeof tool.handle).toBe('function');
    expect(typeof tool.targetTaskId).toBe('function');
  });

  it.each(named(withRoute('deferred')))(
    '%s (deferred) has what review needs: a kind, a preview, words for its fields',
    (_name, tool) => {
      expect(tool.review?.kind, 'review kind').toMatch(/\S/);
      expect(tool.note, 'a deferred tool is never kept as a note').toBeUndefined();
      const applied = tool.batch ? findTool(tool.batch.singular) : tool;
      expect(applied, `${tool.batch?.singular} exists`).toBeDefined();
      expect(typeof applied!.preview, 'a before → after preview').toBe('function');
      for (const field of proposedFields(applied!)) {
        expect(applied!.fieldLabels?.[field], `words for "${field}"`).toMatch(/\S/);
      }
      if (tool.batch) {
        expect(applied!.audience).toBe('internal');
        expect(applied!.example, 'the singular has an example').toBeDefined();
        expect(exampleArgs(applied!)).toBeDefined();
        expect(tool.example![tool.batch.key], 'the batch key holds the array').toBeInstanceOf(
          Array,
        );
      }
    },
  );

  it.each(named(withRoute('deferred')))(
    '%s (deferred) asks for a rationale of at most 200 characters, and teaches the limit',
    (_name, tool) => {
      expect(jsonProperties(tool).rationale).toEqual({ type: 'string', maxLength: 200 });
      expect(tool.description).toMatch(/"rationale": one short sentence saying why/);
      const parsed = tool.argsSchema.safeParse({ ...tool.example, rationale: 'x'.repeat(201) });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
        expect.stringMatching(/^"rationale" is at most 200 characters: one short sentence/),
      ]);
      const trimmed = tool.argsSchema.parse({ ...tool.example, rationale: ` ${'x'.repeat(200)} ` });
      expect(trimmed).toMatchObject({ rationale: 'x'.repeat(200) });
    },
  );

  it.each(named(allTools().filter((tool) => tool.route !== 'deferred')))(
    '%s takes no rationale: only deferred proposals carry one',
    (_name, tool) => {
      expect(jsonProperties(tool)).not.toHaveProperty('rationale');
    },
  );

  it.each(named(withRoute('immediate')))(
    '%s (immediate) has a kind and a preview, and is never offered as a trusted tool',
    (_name, tool) => {
      expect(tool.review?.kind).toMatch(/\S/);
      expect(tool.review?.trustedAs, 'applied at once already').toBeUndefined();
      expect(typeof tool.preview).toBe('function');
      expect(tool.note).toBeUndefined();
    },
  );

  it.each(named(withRoute('noted')))(
    '%s (noted) keeps its call on the wake’s notes and nothing a journal write needs',
    (_name, tool) => {
      const notes: WakeNotes = { observations: [] };
      expect(tool.note?.(exampleArgs(tool), notes), 'what the model reads').toMatch(/\S/);
      expect(notes, 'something was kept').not.toEqual({ observations: [] });
      expect(tool.review).toBeUndefined();
      expect(tool.preview).toBeUndefined();
      expect(tool.proposalTarget).toBeUndefined();
      expect(tool.checkProposal).toBeUndefined();
    },
  );

  it.each(named(singulars))(
    '%s (a batch item) takes its batch tool’s kind and is applied, never offered',
    (_name, tool) => {
      const batch = batchToolOf(tool)!;
      expect(reviewKind(tool.name)).toBe(batch.review?.kind);
      expect(tool.audience).toBe('internal');
      expect(tool.description).toBeUndefined();
      expect(tool.review, 'the batch tool holds the review facts').toBeUndefined();
    },
  );

  it.each(named(allTools().filter((tool) => tool.audience === 'internal')))(
    '%s (internal) is not offered to the model',
    (_name, tool) => {
      expect(tool.route).toBeUndefined();
      expect(tool.aliases).toBeUndefined();
      expect(tool.note).toBeUndefined();
      expect(tool.review?.trustedAs).toBeUndefined();
      expect(typeof tool.summarize).toBe('function');
      expect(typeof tool.handle).toBe('function');
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
        'record_observations',
        'set_task_category',
        'set_task_language',
        'set_task_status',
        'set_task_title',
        'update_checklist_items',
        'update_report',
        'update_task_due_date',
        'update_task_estimate',
        'update_task_priority',
      ].sort(),
    );
    expect(singulars.map((tool) => tool.name).sort()).toEqual([
      'add_checklist_item',
      'assign_task_label',
      'update_checklist_item',
    ]);
  });

  it('routes the catalogue as docs/architecture.md says', () => {
    expect(withRoute('immediate').map((tool) => tool.name)).toEqual(['set_task_language']);
    expect(withRoute('noted').map((tool) => tool.name)).toEqual([
      'update_report',
      'record_observations',
    ]);
    expect(modelTools().every((tool) => tool.route !== undefined)).toBe(true);
  });

  it('resolves each alias to one model tool, and no alias hides a model tool', () => {
    const aliases = modelTools().flatMap((tool) => tool.aliases ?? []);
    expect(new Set(aliases).size, 'each alias belongs to one tool').toBe(aliases.length);
    for (const tool of modelTools()) {
      for (const alias of tool.aliases ?? []) {
        expect(findAliasedTool(alias)).toBe(tool);
        expect(findTool(alias)?.audience, `${alias} is a model tool's own name`).not.toBe('model');
      }
    }
    expect(findAliasedTool('set_estimate')?.name).toBe('update_task_estimate');
  });

  it('offers the deferred tools as trusted tools, each under its own name', () => {
    const trusted = trustableTools();
    expect(trusted.map((tool) => tool.name)).toEqual([
      'Title',
      'Estimate',
      'Due date',
      'Priority',
      'Status',
      'Labels',
      'Checklist items (add)',
      'Checklist items (update)',
    ]);
    for (const { toolName } of trusted) expect(findTool(toolName)?.route).toBe('deferred');
  });

  it('gives one field the same words in every tool', () => {
    for (const tool of allTools()) {
      for (const [field, words] of Object.entries(tool.fieldLabels ?? {})) {
        expect(fieldLabel(field), `${tool.name}: ${field}`).toBe(words);
      }
    }
    expect(fieldLabel('estimateMinutes')).toBe('estimate');
  });

  it('names an unknown kind of change plainly', () => {
    expect(reviewKind('update_task_estimate')).toBe('Estimate');
    expect(reviewKind('add_checklist_item')).toBe('Checklist');
    expect(reviewKind('no_such_tool')).toBe('Change');
  });

  it('has unique names and finds tools by own name only', () => {
    const names = allTools().map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 42, null]) {
      expect(findTool(name)).toBeUndefined();
      if (typeof name === 'string') expect(findAliasedTool(name)).toBeUndefined();
    }
  });
});
