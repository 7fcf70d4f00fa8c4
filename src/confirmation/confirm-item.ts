/**
 * Confirming one proposed change, as proposed or as the person edited it. See
 * decide-item.ts for what happens in its transaction.
 */
import type { CountersignDatabase } from '../db/database';
import { decideItem } from './decide-item';
import type { ReviewResult } from './review-result';

export interface ConfirmOptions {
  /** The person saw that the field changed since the proposal and wants it applied anyway. */
  applyAnyway?: boolean;
  /** `rule`: applied by a trusted-tool rule, not by a person. */
  actor?: 'user' | 'rule';
  /** Confirm with changes: the arguments the person edited the proposal to, and their summary. */
  edited?: { args: Record<string, unknown>; summary: string };
  now?: () => Date;
}

export async function confirmItem(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
  options: ConfirmOptions = {},
): Promise<ReviewResult> {
  const now = (options.now?.() ?? new Date()).toISOString();
  return decideItem(
    db,
    changeSetId,
    itemIndex,
    {
      verdict: 'confirmed',
      actor: options.actor ?? 'user',
      applyAnyway: options.applyAnyway,
      ...(options.edited ? { args: options.edited.args, summary: options.edited.summary } : {}),
    },
    now,
  );
}
