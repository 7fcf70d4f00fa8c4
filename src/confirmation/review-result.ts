/** What a review action did, in words for the person and a status for the UI. */
import { describeStorageProblem } from '../db/storage-problem';

export type ReviewStatus =
  | 'applied'
  | 'rejected'
  | 'already-decided'
  | 'stale'
  /** An edited proposal whose values do not pass the tool's checks: nothing was written. */
  | 'invalid'
  | 'expired'
  | 'failed'
  | 'failed-permanently'
  | 'denied'
  | 'undone'
  | 'cannot-undo'
  | 'missing';

export interface ReviewResult {
  status: ReviewStatus;
  message: string;
  decisionId?: string;
}

export interface ConfirmAllResult {
  /** The summaries of what was applied, in order. */
  applied: string[];
  failed: { summary: string; message: string }[];
  /** Items not applied because they had changed since proposed (they need "Apply anyway"). */
  stale: string[];
  /** Set when the agent's policy forbids applying anything now (said once, not per item). */
  denied?: string;
  decisionIds: string[];
  /** "Applied 3: estimate, due date and 1 checklist item." */
  message: string;
}

/** Storage failed before anything was attempted: what to do, in words. */
export function storageProblemResult(error: unknown): ReviewResult {
  const problem = describeStorageProblem(error);
  return { status: 'failed', message: `${problem.title}. ${problem.advice}` };
}

/** Words for an item that was decided before this action reached it. */
export function alreadyDecided(status: string): ReviewResult {
  const words: Record<string, string> = {
    confirmed: 'This change was already confirmed.',
    rejected: 'This change was already rejected.',
    expired: 'This proposal expired before it was reviewed.',
    failed: 'This change could not be applied and was set aside.',
    undone: 'This change was applied and then undone.',
  };
  return {
    status: 'already-decided',
    message: words[status] ?? `This change is already ${status}.`,
  };
}
