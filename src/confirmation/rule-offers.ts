/**
 * Offers of rules at the moment they are earned: after the person rejects the
 * same kind of proposal 3 times on tasks of one category, "Stop proposing ‹kind› for
 * ‹category›?" (for labels, that label only); after 10 confirmations of a kind with no
 * edit and no undo, "Apply ‹kind› without asking" (the trusted-tool rule). Each offer is
 * made once on this device: once shown, it is never made again, accepted or dismissed.
 */
import { readTrustedTools } from '../db/agent-settings';
import { saveTrustedTools } from '../dispatcher/agent-choices';
import type { CountersignDatabase } from '../db/database';
import {
  countCleanConfirmations,
  countRejectionsInCategory,
  hasSuppressionRule,
  markOfferMade,
  readOffersMade,
} from '../db/rule-offer-counts';
import { batchToolOf, findTool, reviewKind } from '../tools/registry';

const REJECTIONS_BEFORE_OFFER = 3;
const CONFIRMATIONS_BEFORE_OFFER = 10;

export type RuleOffer =
  | {
      type: 'suppress';
      key: string;
      /** The question, in words. */
      question: string;
      toolName: string;
      categoryId: string;
      labelId?: string;
      /** What made it, for the rule's record. */
      origin: string;
    }
  | { type: 'trust'; key: string; question: string; toolName: string };

/** The offer a decision just earned, if any; marks it made. Never throws (an offer is a nicety). */
export async function offerAfterDecision(
  db: CountersignDatabase,
  decisionId: string,
): Promise<RuleOffer | undefined> {
  try {
    const offer = await findOffer(db, decisionId);
    if (offer) await markOfferMade(db, offer.key);
    return offer;
  } catch {
    return undefined;
  }
}

async function findOffer(
  db: CountersignDatabase,
  decisionId: string,
): Promise<RuleOffer | undefined> {
  const decision = await db.decisions.get(decisionId);
  if (!decision || decision.actor !== 'user') return undefined;
  const made = await readOffersMade(db);
  const kind = reviewKind(decision.toolName);
  if (decision.verdict === 'rejected') {
    const task = await db.tasks.get(decision.taskId);
    const categoryId = task?.categoryId;
    if (!categoryId) return undefined;
    const labelId =
      decision.toolName === 'assign_task_label' && typeof decision.args.id === 'string'
        ? decision.args.id
        : undefined;
    const key = `suppress:${decision.toolName}:${categoryId}:${labelId ?? ''}`;
    if (made.has(key)) return undefined;
    const rejections = await countRejectionsInCategory(db, decision.toolName, categoryId, labelId);
    if (rejections < REJECTIONS_BEFORE_OFFER) return undefined;
    if (await hasSuppressionRule(db, decision.toolName, categoryId, labelId)) return undefined;
    const [category, label] = await Promise.all([
      db.categories.get(categoryId),
      labelId ? db.labels.get(labelId) : undefined,
    ]);
    const what = label ? `the label "${label.name}"` : offeredAs(kind);
    const where = category?.name ?? 'this category';
    return {
      type: 'suppress',
      key,
      question: `Stop proposing ${what} for ${where}?`,
      toolName: decision.toolName,
      categoryId,
      ...(labelId ? { labelId } : {}),
      origin: `You rejected ${what} ${rejections} times on tasks in ${where}.`,
    };
  }
  if (decision.verdict === 'confirmed' && decision.appliedArgs === undefined) {
    const tool = findTool(decision.toolName);
    const catalogue = tool ? (batchToolOf(tool) ?? tool) : undefined;
    if (!catalogue?.review?.trustedAs) return undefined;
    const key = `trust:${catalogue.name}`;
    if (made.has(key)) return undefined;
    if ((await readTrustedTools(db)).includes(catalogue.name)) return undefined;
    const confirmations = await countCleanConfirmations(db, decision.toolName);
    if (confirmations < CONFIRMATIONS_BEFORE_OFFER) return undefined;
    return {
      type: 'trust',
      key,
      question: `Apply ${catalogue.review.trustedAs.toLowerCase()} changes without asking? You confirmed the last ${confirmations} as proposed.`,
      toolName: catalogue.name,
    };
  }
  return undefined;
}

/** Accepting a trust offer: the existing trusted-tool rule, synced with the journal. */
export async function acceptTrustOffer(db: CountersignDatabase, toolName: string): Promise<void> {
  await saveTrustedTools(db, [...(await readTrustedTools(db)), toolName]);
}

/** A kind of change as a person names what they no longer want proposed. */
function offeredAs(kind: string): string {
  return kind === 'Checklist' ? 'checklist items' : kind.toLowerCase();
}
