/**
 * Where an item of a proposed checklist batch goes when it is confirmed: its place in the
 * batch, whatever order the person confirms the batch's items in. Items of one batch keep
 * their batch order around whatever else is on the checklist.
 */
import { z } from 'zod';

export const placementSchema = z.object({
  batchId: z.string().min(1).max(200),
  index: z.number().int().nonnegative().max(100),
});
export type Placement = z.infer<typeof placementSchema>;

interface Positioned {
  order: number;
  createdAt: string;
  placement?: Placement;
}

/**
 * The `order` for a new item of `placement`, among the checklist's live items (sorted by
 * order): right after the nearest earlier item of its batch, else right before the nearest
 * later one, else at the end.
 */
export function placedOrder(items: readonly Positioned[], placement: Placement): number {
  const end = items.reduce((max, item) => Math.max(max, item.order), 0) + 1;
  const siblings = items.filter((item) => item.placement?.batchId === placement.batchId);
  const before = siblings
    .filter((item) => item.placement!.index < placement.index)
    .sort((a, b) => b.placement!.index - a.placement!.index)[0];
  const after = siblings
    .filter((item) => item.placement!.index > placement.index)
    .sort((a, b) => a.placement!.index - b.placement!.index)[0];
  if (before) {
    const next = items.find((item) => item.order > before.order);
    return next ? (before.order + next.order) / 2 : end;
  }
  if (after) {
    const previous = [...items].reverse().find((item) => item.order < after.order);
    return previous ? (previous.order + after.order) / 2 : after.order - 1;
  }
  return end;
}
