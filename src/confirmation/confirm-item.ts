/**
 * Confirming one proposed change, as proposed or as the person edited it. See
 * decide-item.ts for what happens in its transaction.
 */
import type { CountersignDatabase } from '../db/database';
import { changeItemId, type DecisionMethod } from '../domain/change-set';
import { checkEdit } from './check-edit';
import { decideItem, shownIfNamed, type ShownItem } from './decide-item';
import { storageProblemResult, type ReviewResult } from './review-result';

export interface ConfirmOptions {
  /** The person saw that the field changed since the proposal and wants it applied anyway. */
  applyAnyway?: boolean;
  /** `rule`: applied by a trusted-tool rule, not by a person. */
  actor?: 'user' | 'rule';
  /**
   * Confirm with changes: the fields the person edited, over the proposal's arguments.
   * Checked with the tool's schema first; an invalid edit changes nothing.
   */
  edited?: Record<string, unknown>;
  /** How the person confirmed it: a swipe, the row's button, the `y` key. */
  method?: DecisionMethod;
  now?: () => Date;
  /** The item as the caller shows it, with its set's agent: nothing is read before the decision's transaction. */
  shown?: ShownItem;
}

export async function confirmItem(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
  options: ConfirmOptions = {},
): Promise<ReviewResult> {
  const now = (options.now?.() ?? new Date()).toISOString();
  let edited: { args: Record<string, unknown>; summary: string } | undefined;
  if (options.edited) {
    let item = shownIfNamed(options.shown, changeSetId, itemIndex)?.item;
    try {
      item ??= await db.changeItems.get(changeItemId(changeSetId, itemIndex));
    } catch (error) {
      return storageProblemResult(error);
    }
    if (!item) return { status: 'missing', message: 'This proposal no longer exists.' };
    const checked = await checkEdit(db, item, options.edited);
    if (!checked.ok) return { status: 'invalid', message: checked.message };
    if (checked.changed) edited = { args: checked.args, summary: checked.summary };
  }
  return decideItem(
    db,
    changeSetId,
    itemIndex,
    {
      verdict: 'confirmed',
      actor: options.actor ?? 'user',
      applyAnyway: options.applyAnyway,
      ...(options.method || options.actor === 'rule' ? { method: options.method ?? 'rule' } : {}),
      ...(edited ?? {}),
    },
    now,
    options.shown,
  );
}
