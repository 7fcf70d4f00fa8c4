/**
 * A decision in words, as Activity says it on any device: who decided, on which device,
 * what, whose agent proposed it, and how ("Confirmed on Tablet: Set status to In progress ·
 * proposed by the agent on Laptop", "Swiped").
 */
import type { RemoteDecision } from '../../db/queries/activity-remote-decisions';
import { BADGES, type Badge } from './describe-entry';
import { describeMethod } from './describe-method';
import { proposedBy } from './proposed-by';

export interface DecisionWords {
  title: string;
  badges: Badge[];
  /** How it was made, when the deciding device recorded it. */
  how?: string;
  /** The items, when the card stands for a Confirm all. */
  items: { key: string; summary: string }[];
  note?: string;
}

/** One decision, or the decisions of one Confirm all (same device, set and moment). */
export function describeDecisions(
  decisions: readonly RemoteDecision[],
  deviceName: string,
  /** Names the device whose agent proposed them; without it, that is not said. */
  nameOf?: (deviceId: string) => string,
): DecisionWords {
  const first = decisions[0]!;
  const proposer = proposedBy(decisions, nameOf);
  const undone = decisions.some((decision) => decision.undoneAt !== undefined);
  const how = describeMethod(first.method, first.verdict, first.edited);
  const common = {
    badges: [
      first.verdict === 'rejected' ? BADGES.rejected : BADGES.confirmed,
      ...(undone ? [BADGES.undone] : []),
    ],
    ...(how && { how }),
  };
  if (decisions.length > 1) {
    const verb =
      first.actor === 'rule'
        ? `Applied ${decisions.length} without asking`
        : `Confirmed ${decisions.length} with Confirm all`;
    return {
      ...common,
      title: `${verb} on ${deviceName}${proposer}`,
      items: decisions.map((decision) => ({ key: decision.id, summary: decision.summary })),
      ...(undone && { note: 'Some were undone since.' }),
    };
  }
  const verb =
    first.verdict === 'rejected'
      ? 'Rejected'
      : first.actor === 'rule'
        ? 'Applied without asking'
        : first.edited
          ? 'Confirmed with changes'
          : 'Confirmed';
  const reason = first.rejectionReason ? `Reason: ${first.rejectionReason}` : undefined;
  const note = [reason, undone ? 'Undone since.' : undefined].filter(Boolean).join(' ');
  return {
    ...common,
    title: `${verb} on ${deviceName}: ${first.summary}${proposer}`,
    items: [],
    ...(note && { note }),
  };
}
