/**
 * Twins: one change proposed twice, on two devices that could not see each other's
 * proposal (a wake asked for offline, another device's wake meanwhile). Decision 0016.
 *
 * Two items are twins when they are of one task, have one fingerprint and sit in
 * different change sets (repeats inside one set are the builder's business: a batch may
 * repeat an element on purpose). Taking a group's pending items in order of
 * (proposedAt, id), one is hidden, out of the Review inbox and its counts, when
 * - a twin was decided (confirmed, rejected, expired, failed) at or after the time it
 *   was proposed: the change had its turn while this copy waited unseen; or
 * - an earlier twin waits and is not hidden itself: the change waits once, as that one.
 * A proposal made after its twin was decided is a proposal of its own (the person may
 * have changed the field back since). Every field read here is synced and rewritten by
 * no device, so every device hides the same items whatever order they arrive in.
 */
import type { ChangeItem } from './change-set';

export type TwinFields = Pick<
  ChangeItem,
  | 'id'
  | 'taskId'
  | 'fingerprint'
  | 'changeSetId'
  | 'status'
  | 'proposedAt'
  | 'deletedAt'
  | 'updatedAt'
  | 'fieldWrites'
>;

/** The twin group an item belongs to: its task and fingerprint. */
export function twinGroupKey(item: Pick<ChangeItem, 'taskId' | 'fingerprint'>): string {
  return JSON.stringify([item.taskId, item.fingerprint]);
}

/** When a decided item's status was last set (rows from before write stamps: their update). */
function decidedAt(item: TwinFields): string {
  return item.fieldWrites?.status?.at ?? item.updatedAt;
}

function inProposalOrder(a: TwinFields, b: TwinFields): number {
  if (a.proposedAt !== b.proposedAt) return a.proposedAt < b.proposedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The hidden items of one group (all of one task and fingerprint). */
function hiddenInGroup(group: readonly TwinFields[]): string[] {
  const live = group.filter((item) => item.deletedAt === undefined);
  const decided = live.filter((item) => item.status !== 'pending');
  const shown: TwinFields[] = [];
  const hidden: string[] = [];
  for (const item of live.filter((each) => each.status === 'pending').sort(inProposalOrder)) {
    const elsewhere = (other: TwinFields) => other.changeSetId !== item.changeSetId;
    const hide =
      decided.some((other) => elsewhere(other) && decidedAt(other) >= item.proposedAt) ||
      shown.some(elsewhere);
    if (hide) hidden.push(item.id);
    else shown.push(item);
  }
  return hidden;
}

/** The ids of the items hidden as twins among `items` (any items, of any tasks). */
export function hiddenTwinIds(items: readonly TwinFields[]): Set<string> {
  const groups = new Map<string, TwinFields[]>();
  for (const item of items) {
    const key = twinGroupKey(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const hidden = new Set<string>();
  for (const group of groups.values()) {
    if (group.length > 1) for (const id of hiddenInGroup(group)) hidden.add(id);
  }
  return hidden;
}
