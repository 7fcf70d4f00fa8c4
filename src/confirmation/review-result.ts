/** What a review action did, in words for the person and a status for the UI. */
export type ReviewStatus =
  | 'applied'
  | 'rejected'
  | 'already-decided'
  | 'stale'
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
  applied: number;
  failed: { summary: string; message: string }[];
  /** Items not applied because they had changed since proposed (they need "Apply anyway"). */
  stale: string[];
  decisionIds: string[];
  /** "7 applied, 1 failed: Set due date … (reason)". */
  message: string;
}
