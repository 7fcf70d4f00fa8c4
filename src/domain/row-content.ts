/** What a journal row says, without the write path's bookkeeping (rev, clock, time, field stamps). */
import { canonicalJson } from './canonical-json';

const BOOKKEEPING = new Set(['rev', 'vectorClock', 'updatedAt', 'fieldWrites']);

/** True when two rows say the same thing: a later write that restored a value is no change. */
export function sameContent(left: object | null | undefined, right: object | null | undefined) {
  return contentOf(left) === contentOf(right);
}

function contentOf(row: object | null | undefined): string | null {
  if (!row) return null;
  return canonicalJson(
    Object.fromEntries(Object.entries(row).filter(([field]) => !BOOKKEEPING.has(field))),
  );
}
