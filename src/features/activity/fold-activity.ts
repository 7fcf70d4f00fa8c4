/**
 * What /activity lists, across devices: the page's entries and wakes (group-activity.ts),
 * with the decisions other devices made placed at the time they were made, and three
 * foldings so a day reads as what people did:
 *   - a Confirm all (or a trusted tool's run) is one card, not one per item, on this
 *     device (its operations share the set and the moment) and on another (its
 *     decisions share device, set and moment);
 *   - a synced batch that only carried a decision is left out: the decision stands for it;
 *   - batches from other devices that changed nothing here ("No change") fold into one.
 */
import type { AuditPage } from '../../db/queries/activity-audit';
import type { RemoteDecision } from '../../db/queries/activity-remote-decisions';
import { groupActivity, messagesOf, type ActivityEntry, type ActivityItem } from './group-activity';

export type ListedItem =
  | ActivityItem
  | { type: 'decisions'; key: string; at: string; decisions: RemoteDecision[] }
  | { type: 'confirmAll'; key: string; at: string; entries: ActivityEntry[] }
  | { type: 'quiet'; key: string; at: string; entries: ActivityEntry[] };

type ShownPage = Parameters<typeof groupActivity>[0] &
  Pick<AuditPage, 'decisions' | 'synced' | 'proposals'>;

export function activityItems(page: ShownPage): ListedItem[] {
  const local = foldLocal(groupActivity(page), page);
  const remote = groupDecisions(page.decisions);
  // Both lists are newest first: merged by time, this device's first on a tie.
  const merged: ListedItem[] = [];
  let next = 0;
  for (const item of local) {
    while (next < remote.length && remote[next]!.at > item.at) merged.push(remote[next++]!);
    merged.push(item);
  }
  return [...merged, ...remote.slice(next)];
}

function foldLocal(items: readonly ActivityItem[], page: ShownPage): ListedItem[] {
  const folded: ListedItem[] = [];
  for (const item of items) {
    const previous = folded.at(-1);
    if (item.type !== 'entry') {
      folded.push(item);
      continue;
    }
    const { entry } = item;
    const first = messagesOf(entry)[0];
    const batch = first?.source === 'sync' ? page.synced.get(first.runKey ?? '') : undefined;
    if (batch?.kind === 'decision') continue;
    if (first?.source === 'sync' && entry.result?.outcome === 'noop') {
      if (previous?.type === 'quiet') previous.entries.push(entry);
      else
        folded.push({ type: 'quiet', key: `quiet:${entry.key}`, at: entry.at, entries: [entry] });
      continue;
    }
    const together = confirmAllKey(entry, page);
    if (together !== undefined) {
      if (
        previous?.type === 'confirmAll' &&
        confirmAllKey(previous.entries[0]!, page) === together
      ) {
        previous.entries.push(entry);
        continue;
      }
      if (previous?.type === 'entry' && confirmAllKey(previous.entry, page) === together) {
        folded[folded.length - 1] = {
          type: 'confirmAll',
          key: `all:${previous.key}`,
          at: previous.at,
          entries: [previous.entry, entry],
        };
        continue;
      }
    }
    folded.push(item);
  }
  return folded;
}

/**
 * What the operations of one Confirm all (or one trusted tool's run) share: the set (from
 * the operation key, `confirm:<set>:<index>:<rev>`), the way and the moment of their decisions.
 * The trail's own times differ by a millisecond per message, so the decisions tell.
 */
function confirmAllKey(entry: ActivityEntry, page: ShownPage): string | undefined {
  const action = entry.action;
  if (!action?.runKey?.startsWith('confirm:') || !action.operationId) return undefined;
  const decision = page.proposals.get(action.operationId)?.[0]?.decision;
  if (decision?.method !== 'confirmAll' && decision?.method !== 'rule') return undefined;
  const set = action.runKey.split(':')[1];
  return `${decision.method}|${set}|${decision.decidedAt}`;
}

/** A device's Confirm all is one group; every other decision stands alone. */
function groupDecisions(decisions: readonly RemoteDecision[]): ListedItem[] {
  const items: Extract<ListedItem, { type: 'decisions' }>[] = [];
  for (const decision of decisions) {
    const previous = items.at(-1)?.decisions[0];
    if (
      previous &&
      (decision.method === 'confirmAll' || decision.method === 'rule') &&
      previous.method === decision.method &&
      previous.deviceId === decision.deviceId &&
      previous.changeSetId === decision.changeSetId &&
      previous.decidedAt === decision.decidedAt
    ) {
      items.at(-1)!.decisions.push(decision);
      continue;
    }
    items.push({
      type: 'decisions',
      key: `decision:${decision.id}`,
      at: decision.decidedAt,
      decisions: [decision],
    });
  }
  for (const item of items) item.decisions.sort((a, b) => a.itemIndex - b.itemIndex);
  return items;
}
