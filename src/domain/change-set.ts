/**
 * Proposals the agent queued for review, and the decisions people made about them.
 *
 * A change set is one wake's (or several wakes') proposals for one task; each proposal
 * is its own row, a change item, so two devices deciding two items of one set never
 * write the same row, and a decision reads and writes O(1) rows however long the
 * backlog is. The set keeps counts of its items by status, maintained in the same
 * transactions as the items (db/change-items.ts), and its status is derived from them.
 */
import { z } from 'zod';
import { entityBaseSchema, idSchema, isoTimestampSchema } from './entity';

/**
 * Where a proposal stands. Every status change is a change item write in a step's
 * transaction (src/dispatcher/CONTEXT.md) and syncs with its operation; the inbox keys
 * that say "waiting here" never do. A decision does not wake the agent: it reads the
 * decisions on its next wake.
 */
export const changeItemStatusSchema = z.enum([
  /**
   * Proposed by the agent (agent/change-set-builder.ts), or put back by undo or by a
   * decision taken back after another device decided first. Not final: it waits in the
   * inbox while its task is live.
   */
  'pending',
  /** The person (or a trusted-tool rule) applied it. Final, unless undone (back to pending). */
  'confirmed',
  /** The person rejected it. Final, unless undone (back to pending). */
  'rejected',
  /** Its time ran out before anyone decided it (a decision by the system). Final. */
  'expired',
  /** Applying it failed in a way that can never succeed; the reason is on the item. Final. */
  'failed',
  /**
   * Not written by this version: undo puts the item back to pending. Kept so a stored or
   * received row that carries it still parses.
   */
  'undone',
]);
export type ChangeItemStatus = z.infer<typeof changeItemStatusSchema>;

export const RATIONALE_MAX_LENGTH = 200;

/** What the agent proposed: one tool call (an exploded batch element is one). */
export const proposalSchema = z.object({
  toolName: z.string().max(100),
  args: z.record(z.string(), z.unknown()),
  humanSummary: z.string().max(2_000),
  fingerprint: z.string().max(20_000),
  /** The target entity's rev when proposed: when it moved, review checks the fields below. */
  baseRev: z.number().int().nonnegative(),
  /** The values of the fields this item changes, as they were when it was proposed. */
  base: z.record(z.string(), z.unknown()).optional(),
  /** The call this item came from (a batch explodes into items of one group). */
  groupId: z.string().max(300).optional(),
  /** Why the agent proposed it, in its words: shown under the row, never part of its identity. */
  rationale: z.string().max(RATIONALE_MAX_LENGTH).optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const changeItemSchema = entityBaseSchema.extend({
  ...proposalSchema.shape,
  changeSetId: idSchema,
  itemIndex: z.number().int().nonnegative(),
  taskId: idSchema,
  status: changeItemStatusSchema,
  error: z.string().max(2_000).optional(),
  proposedAt: isoTimestampSchema,
  /**
   * The device whose agent proposed it, so another device's Activity can say "proposed by
   * the agent on Laptop". On the item, not its set: a set left open takes the proposals
   * of later wakes, which may run on another device. Absent on items from before it was kept.
   */
  proposedOn: z.string().max(100).optional(),
  /** Each item expires on its own, counted from when it was proposed. */
  expiresAt: isoTimestampSchema.optional(),
  /**
   * Derived on this device, never synced: present exactly while the item waits in the
   * Review inbox (pending, its task live). The inbox and its count read these indexes.
   */
  pendingKey: z.tuple([z.string(), z.string(), z.number()]).optional(),
  pendingExpiry: z.string().optional(),
});
export type ChangeItem = z.infer<typeof changeItemSchema>;

/** An item's id: its set and its place in it. */
export const changeItemId = (changeSetId: string, itemIndex: number) =>
  `${changeSetId}:${itemIndex}`;

export const changeSetStatusSchema = z.enum([
  'pending',
  'partiallyResolved',
  'resolved',
  'expired',
]);
export type ChangeSetStatus = z.infer<typeof changeSetStatusSchema>;

/** How many of a set's items are in each state; `waiting`: in the inbox (pending, task live). */
export const itemCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
  waiting: z.number().int().nonnegative(),
});
export type ItemCounts = z.infer<typeof itemCountsSchema>;

export const NO_ITEMS: ItemCounts = { total: 0, pending: 0, expired: 0, waiting: 0 };

export const changeSetSchema = entityBaseSchema.extend({
  agentId: idSchema,
  taskId: idSchema,
  runKey: z.string().max(300),
  status: changeSetStatusSchema,
  counts: itemCountsSchema,
  resolvedAt: isoTimestampSchema.optional(),
});
export type ChangeSet = z.infer<typeof changeSetSchema>;

/** The set lifecycle (docs/decisions/0004-deferred-tools-and-change-sets.md), from its item counts. */
export function deriveChangeSetStatus(counts: ItemCounts): ChangeSetStatus {
  if (counts.total > 0 && counts.expired === counts.total) return 'expired';
  if (counts.pending === counts.total) return 'pending';
  if (counts.pending === 0) return 'resolved';
  return 'partiallyResolved';
}

/** A set new proposals may join and reviewers still work through. */
export function isOpenChangeSet(set: Pick<ChangeSet, 'status' | 'deletedAt'>): boolean {
  return (
    (set.status === 'pending' || set.status === 'partiallyResolved') && set.deletedAt === undefined
  );
}

/**
 * How a person (or a rule) made a decision: a swipe, a row's button, a key (`y`, `n`),
 * Confirm all, or a trusted tool applying it without asking. Synced with the decision,
 * so another device's Activity can say it; absent on decisions from before it was kept.
 * Confirmed with changes is told by `appliedArgs`, whatever the input.
 */
export const decisionMethodSchema = z.enum(['swipe', 'button', 'keyboard', 'confirmAll', 'rule']);
export type DecisionMethod = z.infer<typeof decisionMethodSchema>;

export const decisionSchema = entityBaseSchema.extend({
  changeSetId: idSchema,
  taskId: idSchema,
  /**
   * The task's category when it was decided: the agent's record for a category reads its
   * newest decisions by this (an index), never every task of the category. Absent on a
   * task without one, and on rows from before version 7 whose task was gone by then.
   */
  categoryId: idSchema.optional(),
  itemIndex: z.number().int().nonnegative(),
  toolName: z.string().max(100),
  /** What the agent proposed. */
  args: z.record(z.string(), z.unknown()),
  /** What the person applied instead, when they edited the proposal before confirming. */
  appliedArgs: z.record(z.string(), z.unknown()).optional(),
  fingerprint: z.string().max(20_000),
  humanSummary: z.string().max(2_000).optional(),
  verdict: z.enum(['confirmed', 'rejected', 'expired', 'retracted']),
  actor: z.enum(['user', 'agent', 'system', 'rule']),
  rejectionReason: z.string().max(500).optional(),
  /** When the item was proposed: the time it took to decide is decidedAt minus this. */
  proposedAt: isoTimestampSchema.optional(),
  decidedAt: isoTimestampSchema,
  deviceId: z.string().max(100),
  operationId: z.string().max(200).optional(),
  method: decisionMethodSchema.optional(),
  undoneAt: isoTimestampSchema.optional(),
});
export type Decision = z.infer<typeof decisionSchema>;
