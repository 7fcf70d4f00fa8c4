/**
 * For this feature's tests: an emptied app database before each test, tasks written the
 * way the person writes them, change sets seeded directly (they are agent data), the
 * service's results written back the way the service would, and a finger on a row.
 */
import type { DecisionMethod } from '../../domain/change-set';
import { afterEach, beforeEach, expect } from 'vitest';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { getDatabase } from '../../db/connection';
import { dispatch } from '../../dispatcher/dispatch';
import { createChangeSet, writeChangeItems } from '../../db/change-items';
import {
  changeItemId,
  type ChangeItem,
  type ChangeSet,
  type Decision,
  type Proposal,
} from '../../domain/change-set';
import { proposalFingerprint } from '../../domain/fingerprint';
import type { ReviewResult } from '../../confirmation/review-result';
import { useToastStore } from '../../ui/toast-store';

export function setUpReviewDatabase(): void {
  beforeEach(async () => {
    const db = getDatabase();
    await db.delete();
    await db.open();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => cleanup());
}

export async function userWrite(toolName: string, args: unknown, taskId?: string) {
  const result = await dispatch(getDatabase(), toolName, args, {
    source: 'user',
    ...(taskId ? { taskId } : {}),
  });
  if (!result.success) throw new Error(`${toolName} failed: ${result.output}`);
  return result;
}

/** A category the agent may act on, made once per test database. */
export async function allowedCategory(name = 'Work'): Promise<string> {
  const existing = (await getDatabase().categories.toArray()).find(
    (category) => category.name === name,
  );
  if (existing) return existing.id;
  const created = await userWrite('save_category', { name, color: '#336699' });
  const categoryId = created.data!.categoryId as string;
  await userWrite('allow_agent_category', { categoryId, allowed: true });
  return categoryId;
}

/** A task the agent may act on (in an allowed category), unless `extra` says otherwise. */
export async function createTask(title: string, extra: Record<string, unknown> = {}) {
  const categoryId = 'categoryId' in extra ? extra.categoryId : await allowedCategory();
  const result = await userWrite('create_task', { title, ...extra, categoryId });
  return result.data!.taskId as string;
}

/** A pending proposal as the change set builder makes it (base: the fields' values then). */
export interface SeedItem extends Proposal {
  status?: ChangeItem['status'];
  expiresAt?: string;
  error?: string;
}

function proposal(
  toolName: string,
  args: Record<string, unknown>,
  humanSummary: string,
  extra: Partial<SeedItem> = {},
): SeedItem {
  return {
    toolName,
    args,
    humanSummary,
    fingerprint: proposalFingerprint(toolName, args),
    baseRev: 1,
    groupId: 'group-1',
    ...extra,
  };
}

export const estimateProposal = (minutes: number, extra: Partial<SeedItem> = {}) =>
  proposal('update_task_estimate', { minutes }, `Set estimate to ${minutes} minutes`, {
    base: { estimateMinutes: null },
    ...extra,
  });

export const checklistProposal = (title: string) =>
  proposal('add_checklist_item', { title }, `Add: "${title}"`, { base: {} });

let setCounter = 0;

/** A change set and its items, written the way the builder writes them (counts, inbox index). */
export async function seedChangeSet(
  taskId: string,
  items: SeedItem[],
  extra: { expiresAt?: string; agentId?: string; now?: string } = {},
): Promise<ChangeSet & { items: ChangeItem[] }> {
  setCounter += 1;
  const db = getDatabase();
  const now = extra.now ?? new Date(Date.UTC(2026, 4, 4, 9, 0, setCounter)).toISOString();
  const stamp = { deviceId: 'device', now };
  const id = `set-${setCounter}`;
  await db.transaction('rw', [db.changeSets, db.changeItems, db.tallies, db.tasks], async () => {
    await createChangeSet(
      db,
      { id, agentId: extra.agentId ?? 'agent-1', taskId, runKey: `run-${setCounter}` },
      stamp,
    );
    await writeChangeItems(
      db,
      items.map(({ status = 'pending', expiresAt, ...proposed }, itemIndex) => ({
        before: undefined,
        after: {
          ...proposed,
          id: changeItemId(id, itemIndex),
          changeSetId: id,
          itemIndex,
          taskId,
          status,
          proposedAt: now,
          expiresAt:
            expiresAt ?? extra.expiresAt ?? new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      })),
      stamp,
    );
  });
  const [set, stored] = await Promise.all([
    db.changeSets.get(id),
    db.changeItems.where('changeSetId').equals(id).sortBy('itemIndex'),
  ]);
  return { ...set!, items: stored };
}

/**
 * What the service does to an item it decided: a new status (the row leaves the list), and
 * its decision row when given the decision's id (the status bar's Undo watches it).
 */
export async function markItem(
  changeSetId: string,
  itemIndex: number,
  status: ChangeItem['status'],
  decisionId?: string,
) {
  const db = getDatabase();
  const item = await db.transaction(
    'rw',
    [db.changeSets, db.changeItems, db.tallies, db.tasks],
    async () => {
      const row = await db.changeItems.get(changeItemId(changeSetId, itemIndex));
      if (!row) throw new Error(`No item ${itemIndex} in ${changeSetId}`);
      await writeChangeItems(db, [{ before: row, after: { ...row, status } }], {
        deviceId: 'device',
        now: new Date().toISOString(),
      });
      return row;
    },
  );
  if (decisionId && (status === 'confirmed' || status === 'rejected')) {
    await seedDecision({
      id: decisionId,
      changeSetId,
      taskId: item.taskId,
      itemIndex,
      toolName: item.toolName,
      args: item.args,
      humanSummary: item.humanSummary,
      verdict: status,
    });
  }
}

export async function seedDecision(
  fields: Partial<Decision> & Pick<Decision, 'changeSetId' | 'taskId'>,
) {
  const decidedAt = fields.decidedAt ?? new Date().toISOString();
  const decision: Decision = {
    id: crypto.randomUUID(),
    itemIndex: 0,
    toolName: 'update_task_estimate',
    args: { minutes: 60 },
    fingerprint: 'fingerprint',
    humanSummary: 'Set estimate to 60 minutes',
    verdict: 'confirmed',
    actor: 'user',
    decidedAt,
    deviceId: 'device',
    createdAt: decidedAt,
    updatedAt: decidedAt,
    rev: 1,
    vectorClock: { device: 1 },
    ...fields,
  };
  await getDatabase().decisions.add(decision);
  return decision;
}

/** A finger dragged across the element by dx, dy in five steps, then lifted. */
export function swipe(element: Element, dx: number, dy = 0) {
  const start = { clientX: 300, clientY: 300 };
  fireEvent.touchStart(element, { touches: [start] });
  for (let step = 1; step <= 5; step += 1) {
    fireEvent.touchMove(element, {
      touches: [
        { clientX: start.clientX + (dx * step) / 5, clientY: start.clientY + (dy * step) / 5 },
      ],
    });
  }
  fireEvent.touchEnd(element, { touches: [] });
}

/** A promise the test settles when it wants to (to observe the UI while an action runs). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return {
    promise,
    resolve: async (value: T) => {
      await act(async () => resolve(value));
    },
  };
}

/** What a row passes to confirmItem / rejectItem besides its place: the item it shows and its set's agent. */
/** What a row passes with its decision: the item as shown, and how it was made. */
export function shownRow(itemIndex: number, method?: DecisionMethod) {
  return {
    shown: { item: expect.objectContaining({ itemIndex }), agentId: expect.any(String) },
    ...(method ? { method } : {}),
  };
}

/** A mocked confirmItem that does what the service does to the item: confirmed, with its decision. */
export function confirmsLikeTheService(prefix: string) {
  return async (_db: unknown, changeSetId: string, itemIndex: number): Promise<ReviewResult> => {
    await markItem(changeSetId, itemIndex, 'confirmed', `${prefix}-${itemIndex}`);
    return { status: 'applied', message: 'Applied.', decisionId: `${prefix}-${itemIndex}` };
  };
}

/** A mocked rejectItem that does what the service does to the item: rejected, with its decision. */
export function rejectsLikeTheService(prefix: string) {
  return async (_db: unknown, changeSetId: string, itemIndex: number): Promise<ReviewResult> => {
    await markItem(changeSetId, itemIndex, 'rejected', `${prefix}-${itemIndex}`);
    return { status: 'rejected', message: 'Rejected.', decisionId: `${prefix}-${itemIndex}` };
  };
}
