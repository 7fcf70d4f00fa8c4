/**
 * The array-only checklist plan, end to end from the model's call to the confirmed items:
 * the schema the model reads carries the limits, a batch keeps repeated titles and its
 * order whatever order the person confirms in, and an item proposed as done says so.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelToolSpecs } from '../src/agent/model-tool-specs';
import type { CountersignDatabase } from '../src/db/database';
import { confirmItem } from '../src/confirmation/confirm-item';
import { propose } from './support/proposals';
import { createAgentReadyTask, createTestDatabase, userWrite } from './support/test-database';

let db: CountersignDatabase;
let ids: Awaited<ReturnType<typeof createAgentReadyTask>>;
beforeEach(async () => {
  db = createTestDatabase();
  ids = await createAgentReadyTask(db);
});
afterEach(async () => {
  await db.delete();
});

const checklistTitles = async () =>
  (await db.checklistItems.where('taskId').equals(ids.taskId).toArray())
    .filter((item) => !item.deletedAt)
    .sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt))
    .map((item) => item.title);

describe('the checklist tool the model is offered', () => {
  it('carries the plan’s limits in its JSON schema', () => {
    const spec = modelToolSpecs().find((tool) => tool.name === 'add_multiple_checklist_items');
    expect(spec?.inputSchema).toEqual({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: {
            type: 'object',
            properties: {
              title: { type: 'string', maxLength: 400 },
              isChecked: { type: 'boolean' },
            },
            required: ['title'],
          },
        },
        rationale: { type: 'string', maxLength: 200 },
      },
      required: ['items'],
    });
  });

  it('is the only checklist-creating tool offered', () => {
    const names = modelToolSpecs().map((tool) => tool.name);
    expect(names).toContain('add_multiple_checklist_items');
    expect(names).not.toContain('add_checklist_item');
  });
});

describe('a proposed checklist batch', () => {
  it('keeps repeated titles, and items already on the checklist, as the plan says', async () => {
    const set = await propose(db, ids.taskId, [
      {
        name: 'add_multiple_checklist_items',
        args: { items: [{ title: 'Book room' }, { title: 'Call Sam' }, { title: 'Call Sam' }] },
      },
    ]);
    expect(set.items.map((item) => item.humanSummary)).toEqual([
      'Add: "Book room"',
      'Add: "Call Sam"',
      'Add: "Call Sam"',
    ]);
  });

  it('keeps the batch’s order whatever order its items are confirmed in', async () => {
    const set = await propose(db, ids.taskId, [
      {
        name: 'add_multiple_checklist_items',
        args: { items: [{ title: 'First' }, { title: 'Second' }, { title: 'Third' }] },
      },
    ]);
    await userWrite(db, 'add_checklist_item', { title: 'Typed meanwhile' }, { taskId: ids.taskId });
    for (const index of [2, 0, 1])
      expect((await confirmItem(db, set.id, index)).status).toBe('applied');
    // The first confirmed (Third) goes to the end; the others take their places around it.
    expect(await checklistTitles()).toEqual([
      'Write script',
      'Book room',
      'Typed meanwhile',
      'First',
      'Second',
      'Third',
    ]);
  });

  it('says when an item would be added already done', async () => {
    const set = await propose(db, ids.taskId, [
      {
        name: 'add_multiple_checklist_items',
        args: { items: [{ title: 'Order badges', isChecked: true }] },
      },
    ]);
    expect(set.items[0]!.humanSummary).toBe('Add, already done: "Order badges"');
  });
});
