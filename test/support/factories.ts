/**
 * Journal rows built by hand, valid for their zod schemas (src/domain), for the places
 * that write rows directly instead of through dispatch(): tests about reading and
 * rendering, and the benchmark's seed (bench/page). Each factory fills what the caller
 * leaves out with valid defaults; pass any field to override it, stamps included.
 *
 * Pure: no database, no test runner, no Node API, because the benchmark imports this file
 * into a browser page. Writing the rows is the caller's business: `seedRows` and
 * `seedChangeSets` (src/db/seed-rows.ts) parse and bulk-write them, or a test puts them.
 */
import { DEFAULT_AGENT_ID, type Wake } from '../../src/domain/agent';
import type { Category, Label } from '../../src/domain/category';
import type { ChecklistItem } from '../../src/domain/checklist-item';
import type { EntityBase } from '../../src/domain/entity';
import type { JournalEntry } from '../../src/domain/journal-entry';
import type { Task } from '../../src/domain/task';

/** When rows are made unless the caller says otherwise: a fixed moment, so tests are stable. */
export const FACTORY_TIME = '2026-01-01T00:00:00.000Z';
/** The device that wrote a factory row unless the caller names another. */
const FACTORY_DEVICE_ID = 'factory-device';

export type Stamp = Pick<EntityBase, 'createdAt' | 'updatedAt' | 'rev' | 'vectorClock'>;

/**
 * Bookkeeping fields of a row written `rev` times by one device, at `at` (an ISO string or
 * epoch milliseconds): created and last updated then, its clock consistent with its rev.
 */
export function stamp(
  at: string | number = FACTORY_TIME,
  rev = 1,
  deviceId = FACTORY_DEVICE_ID,
): Stamp {
  const iso = typeof at === 'number' ? new Date(at).toISOString() : at;
  return { createdAt: iso, updatedAt: iso, rev, vectorClock: { [deviceId]: rev } };
}

/** An open P2 task with no category or labels; its history says it was opened when created. */
export function taskRow(fields: Partial<Task> = {}): Task {
  return {
    id: crypto.randomUUID(),
    title: 'A task',
    status: 'OPEN',
    statusHistory: [{ status: 'OPEN', at: fields.createdAt ?? FACTORY_TIME, by: 'user' }],
    priority: 'P2',
    labelIds: [],
    suppressedLabelIds: [],
    ...stamp(),
    ...fields,
  };
}

/** An unchecked, unarchived checklist item, first on its task. */
export function checklistItemRow(
  fields: Partial<ChecklistItem> & Pick<ChecklistItem, 'taskId'>,
): ChecklistItem {
  return {
    id: crypto.randomUUID(),
    title: 'A checklist item',
    isChecked: false,
    isArchived: false,
    order: 1,
    ...stamp(),
    ...fields,
  };
}

/** A journal entry of one sentence. */
export function entryRow(
  fields: Partial<JournalEntry> & Pick<JournalEntry, 'taskId'>,
): JournalEntry {
  return { id: crypto.randomUUID(), text: 'A journal entry.', ...stamp(), ...fields };
}

export function categoryRow(fields: Partial<Category> = {}): Category {
  return { id: crypto.randomUUID(), name: 'Work', color: '#2f5d50', ...stamp(), ...fields };
}

/** An unscoped label (it applies to tasks of every category). */
export function labelRow(fields: Partial<Label> = {}): Label {
  return { id: crypto.randomUUID(), name: 'Urgent', color: '#a33b3b', ...stamp(), ...fields };
}

/** A wake of the default agent on `taskId`, still running, started now unless `fields` say. */
export function wakeRow(taskId: string, fields: Partial<Wake> = {}): Wake {
  const startedAt = fields.startedAt ?? new Date().toISOString();
  const id = fields.id ?? 'wake-1';
  return {
    id,
    agentId: DEFAULT_AGENT_ID,
    taskId,
    runKey: `wake:${id}`,
    status: 'running',
    startedAt,
    ...stamp(startedAt, 1),
    vectorClock: {},
    ...fields,
  };
}
