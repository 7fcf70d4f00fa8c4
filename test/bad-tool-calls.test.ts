/**
 * Malformed calls as real models make them. For each: nothing escapes dispatch(), the
 * message names the problem and shows the expected form, the journal is unchanged, and
 * the attempt is in the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../src/db/database';
import { dispatch } from '../src/dispatcher/dispatch';
import { createAgentReadyTask, createTestDatabase, journalSnapshot } from './support/test-database';

let db: CountersignDatabase;
let ids: Awaited<ReturnType<typeof createAgentReadyTask>>;
beforeAll(async () => {
  db = createTestDatabase();
  ids = await createAgentReadyTask(db);
});
afterAll(async () => {
  await db.delete();
});

const MEGABYTE = 'x'.repeat(1024 * 1024);
const title401 = 'y'.repeat(401);
/** 5,000 levels of {"a": …}: deeper than any contract, and than a recursive walk survives. */
const fiveThousandLevels = (() => {
  let value: unknown = 'deep';
  for (let level = 0; level < 5_000; level++) value = { a: value };
  return value;
})();
/** The largest audit row one malformed call may leave (a 1 MB name once made 2.1 MB). */
const AUDIT_ROW_MAX_BYTES = 4_096;
const twentyOne = Array.from({ length: 21 }, (_, index) => ({ title: `Item ${index + 1}` }));

/** [description, tool name, arguments, what the message must say] */
type Case = [string, unknown, unknown, RegExp];
const CASES: Case[] = [
  // Unknown and hostile tool names
  ['an unknown tool', 'delete_everything', {}, /Unknown tool.*tools you can call are/],
  ['__proto__ as a tool name', '__proto__', {}, /Unknown tool.*tools you can call are/],
  ['constructor as a tool name', 'constructor', {}, /Unknown tool/],
  ['toString as a tool name', 'toString', {}, /Unknown tool/],
  ['hasOwnProperty as a tool name', 'hasOwnProperty', {}, /Unknown tool/],
  ['an empty tool name', '', {}, /Unknown tool/],
  ['a null tool name', null, {}, /Unknown tool/],
  ['a numeric tool name', 42, {}, /Unknown tool/],
  ['an object as tool name', { name: 'set_task_title' }, {}, /Unknown tool/],
  ['a 1 MB tool name', MEGABYTE, {}, /Unknown tool/],
  // Depth and size
  [
    'arguments nested 5,000 levels deep',
    'set_task_language',
    fiveThousandLevels,
    /nest deeper than 16 levels; send a flat object as the schema shows, for example/,
  ],
  ['a 1 MB key in the arguments', 'set_task_language', { [MEGABYTE]: 'de' }, /languageCode/],
  ['an internal tool', 'delete_task', {}, /Unknown tool/],
  ['the import tool', 'import_journal', { format: 'countersign-journal' }, /Unknown tool/],
  // set_task_language (immediate): wrong values reach validation
  ['language: null arguments', 'set_task_language', null, /languageCode.*Example|Expected/],
  ['language: missing code', 'set_task_language', {}, /languageCode/],
  ['language: a number', 'set_task_language', { languageCode: 7 }, /ISO 639-1/],
  [
    'language: unsupported code',
    'set_task_language',
    { languageCode: 'xx' },
    /supported ISO 639-1/,
  ],
  ['language: a language name', 'set_task_language', { languageCode: 'German' }, /ISO 639-1/],
  ['language: 1 MB string', 'set_task_language', { languageCode: MEGABYTE }, /ISO 639-1/],
  ['language: array', 'set_task_language', { languageCode: ['de'] }, /ISO 639-1/],
  [
    'language: arguments encoded as a string (never decoded)',
    'set_task_language',
    '{"languageCode": "klingon"}',
    /must be a JSON object, not a string \(do not encode them as a string\)/,
  ],
  // Title
  ['title: missing', 'set_task_title', {}, /title/],
  ['title: whitespace only', 'set_task_title', { title: '   ' }, /cannot be empty/],
  ['title: 401 characters', 'set_task_title', { title: title401 }, /at most 400/],
  ['title: 1 MB', 'set_task_title', { title: MEGABYTE }, /at most 400/],
  ['title: number', 'set_task_title', { title: 42 }, /title/],
  ['title: null', 'set_task_title', { title: null }, /title/],
  ['title: array of strings', 'set_task_title', { title: ['a', 'b'] }, /title/],
  ['title: null arguments', 'set_task_title', null, /title/],
  // Titles with hidden characters: refused with the sentence that teaches
  [
    'title: a right-to-left override',
    'set_task_title',
    { title: 'invoice\u202Egnp.exe' },
    /cannot contain control characters or invisible direction marks.*plain text/,
  ],
  [
    'title: a direction isolate',
    'set_task_title',
    { title: 'Pay \u2067the bill\u2069' },
    /invisible direction marks/,
  ],
  [
    'title: a C0 control character',
    'set_task_title',
    { title: 'Ring\u0007 Bob' },
    /control characters/,
  ],
  [
    'title: a C1 control character',
    'set_task_title',
    { title: 'Ring\u009b Bob' },
    /control characters/,
  ],
  ['title: a line break inside', 'set_task_title', { title: 'Line one\nLine two' }, /on one line/],
  [
    'checklist: a title with a direction override',
    'add_multiple_checklist_items',
    { items: [{ title: 'Fine' }, { title: 'cod\u202Egnp.exe' }] },
    /invisible direction marks/,
  ],
  [
    'title: a bare string as arguments',
    'set_task_title',
    'New title',
    /must be a JSON object, not a string.*for example \{"title"/,
  ],
  // Estimate
  ['estimate: zero', 'update_task_estimate', { minutes: 0 }, /at least 1/],
  ['estimate: 1441', 'update_task_estimate', { minutes: 1441 }, /at most 1440/],
  ['estimate: negative', 'update_task_estimate', { minutes: -30 }, /at least 1/],
  ['estimate: fraction', 'update_task_estimate', { minutes: 12.5 }, /whole number/],
  ['estimate: words', 'update_task_estimate', { minutes: 'two hours' }, /whole number/],
  ['estimate: wrong key', 'update_task_estimate', { hours: 2 }, /minutes/],
  ['estimate: boolean', 'update_task_estimate', { minutes: true }, /whole number/],
  [
    'estimate: arguments encoded as a string',
    'update_task_estimate',
    '{"minutes": 99999}',
    /must be a JSON object, not a string/,
  ],
  // Due date
  ['due date: impossible day', 'update_task_due_date', { dueDate: '2026-02-31' }, /does not exist/],
  ['due date: month 13', 'update_task_due_date', { dueDate: '2026-13-01' }, /does not exist/],
  ['due date: wrong format', 'update_task_due_date', { dueDate: '15/03/2026' }, /YYYY-MM-DD/],
  ['due date: words', 'update_task_due_date', { dueDate: 'next friday' }, /YYYY-MM-DD/],
  ['due date: timestamp', 'update_task_due_date', { dueDate: 1767225600000 }, /dueDate/],
  ['due date: missing', 'update_task_due_date', { date: '2026-03-01' }, /dueDate/],
  // Priority
  ['priority: P4', 'update_task_priority', { priority: 'P4' }, /P0, P1, P2, P3/],
  ['priority: word', 'update_task_priority', { priority: 'urgent' }, /P0, P1, P2, P3/],
  ['priority: number', 'update_task_priority', { priority: 1 }, /P0, P1, P2, P3/],
  // Status
  ['status: DONE is the user’s', 'set_task_status', { status: 'DONE' }, /decided by the user/],
  [
    'status: REJECTED is the user’s',
    'set_task_status',
    { status: 'REJECTED' },
    /decided by the user/,
  ],
  ['status: unknown', 'set_task_status', { status: 'WAITING' }, /Expected one of OPEN/],
  ['status: missing', 'set_task_status', {}, /status/],
  // Labels
  [
    'labels: a string',
    'assign_task_labels',
    { labels: 'Urgent' },
    /array of objects.*Example|for example/,
  ],
  ['labels: an array of strings', 'assign_task_labels', { labels: ['Urgent'] }, /labels/],
  ['labels: empty array', 'assign_task_labels', { labels: [] }, /at least one label/],
  ['labels: objects without id', 'assign_task_labels', { labels: [{ name: 'Urgent' }] }, /id/],
  // Checklist creation: the array-only contract
  [
    'checklist: a comma-separated string',
    'add_multiple_checklist_items',
    { items: 'milk, eggs' },
    /array of objects.*"items": \[/,
  ],
  [
    'checklist: an array of strings',
    'add_multiple_checklist_items',
    { items: ['milk', 'eggs'] },
    /"title"/,
  ],
  [
    'checklist: JSON array of strings in a string',
    'add_multiple_checklist_items',
    { items: '["milk","eggs"]' },
    /"title"/,
  ],
  ['checklist: 21 items', 'add_multiple_checklist_items', { items: twentyOne }, /At most 20 items/],
  [
    'checklist: a 401-character title',
    'add_multiple_checklist_items',
    { items: [{ title: 'ok' }, { title: title401 }] },
    /at most 400.*Nothing was added/,
  ],
  [
    'checklist: whitespace-only titles',
    'add_multiple_checklist_items',
    { items: [{ title: '  ' }, { title: '\t' }] },
    /No item has a non-empty title/,
  ],
  [
    'checklist: empty array',
    'add_multiple_checklist_items',
    { items: [] },
    /"items" is empty\. Use a JSON array of objects/,
  ],
  ['checklist: missing items', 'add_multiple_checklist_items', {}, /items/],
  ['checklist: items null', 'add_multiple_checklist_items', { items: null }, /array of objects/],
  [
    'checklist: title number',
    'add_multiple_checklist_items',
    { items: [{ title: 5 }] },
    /"title" string/,
  ],
  [
    'checklist: isChecked as string',
    'add_multiple_checklist_items',
    { items: [{ title: 'a', isChecked: 'yes' }] },
    /true or false/,
  ],
  [
    'checklist: 1 MB title',
    'add_multiple_checklist_items',
    { items: [{ title: MEGABYTE }] },
    /at most 400/,
  ],
  [
    'checklist: an object instead of an array',
    'add_multiple_checklist_items',
    { items: { title: 'a' } },
    /array of objects/,
  ],
  [
    'checklist: the single-item tool (not exposed, no shim)',
    'add_checklist_item',
    { title: 'Milk' },
    /add_checklist_item is not a tool you can call\. Use add_multiple_checklist_items with "items" as a JSON array, a one-element array for a single item/,
  ],
  [
    'checklist: elements that are not objects',
    'add_multiple_checklist_items',
    { items: [5, null] },
    /Each element of "items" must be an object\. Use a JSON array of objects with "title"/,
  ],
  [
    'checklist: items as a JSON string (refused, never parsed)',
    'add_multiple_checklist_items',
    { items: '[{"title":"Milk"}]' },
    /"items" must be an array of objects, not a string/,
  ],
  [
    'checklist: a batch of updates through the singular tool',
    'update_checklist_item',
    { id: 'x', isChecked: true },
    /update_checklist_item is not a tool you can call\. Use update_checklist_items/,
  ],
  // Checklist updates
  [
    'update: no fields to change',
    'update_checklist_items',
    { items: [{ id: 'x' }] },
    /at least one of "title", "isChecked", "isArchived"/,
  ],
  ['update: missing id', 'update_checklist_items', { items: [{ isChecked: true }] }, /id/],
  ['update: not an array', 'update_checklist_items', { items: 'check all' }, /array of objects/],
  [
    'update: isChecked string',
    'update_checklist_items',
    { items: [{ id: 'x', isChecked: 'true' }] },
    /true or false/,
  ],
];

describe('the checklist contract the model is taught', () => {
  it('says, on every failure, to send objects and when to set isChecked', async () => {
    const result = await dispatch(
      db,
      'add_multiple_checklist_items',
      { items: 'milk, eggs' },
      { source: 'agent', taskId: ids.taskId, operationKey: 'contract' },
    );
    expect(result.output).toContain(
      'Use a JSON array of objects with "title" (and "isChecked": true if the journal says the item is already done); do not send a comma-separated string. For example {"items": [{"title": "Pick up milk"}, {"title": "Email Alex"}, {"title": "Write tests", "isChecked": true}]}.',
    );
  });
});

describe('malformed tool calls', () => {
  it('cover at least 60 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES)(
    '%s: refused with a teaching message, journal unchanged, audited',
    async (_label, name, args, message) => {
      const before = await journalSnapshot(db);
      const result = await dispatch(db, name as string, args, {
        source: 'agent',
        taskId: ids.taskId,
        operationKey: `bad-input: ${_label}`,
      });
      expect(result.success).toBe(false);
      expect(result.output).toMatch(message);
      expect(result.output.length).toBeLessThan(4_000);
      expect(await journalSnapshot(db)).toEqual(before);
      const audited = await db.auditMessages
        .where('operationId')
        .equals(result.operationId)
        .sortBy('createdAt');
      expect(audited.map((message) => message.kind)).toEqual(['action', 'toolResult']);
      expect(audited[1]).toMatchObject({ outcome: 'failure', source: 'agent' });
      for (const row of audited)
        expect(new TextEncoder().encode(JSON.stringify(row)).length).toBeLessThanOrEqual(
          AUDIT_ROW_MAX_BYTES,
        );
    },
  );
});
