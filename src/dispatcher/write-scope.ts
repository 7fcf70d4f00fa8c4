/**
 * What a step writes inside its transaction, and the one order it is issued in. Three
 * write-behind buffers hold a transaction's writes until its end:
 *
 * - the journal store (db/journal-store.ts): each handler's journal rows, sent as the
 *   handler returns and awaited only at the end;
 * - the change item writer (db/change-items.ts): change items, their sets and the inbox
 *   tallies, the transaction's one writer of them (it claims the transaction: another
 *   writer opened inside it throws);
 * - the operation writes (operation-writes.ts): decisions, ledger, audit and outbox rows.
 *
 * `flushWrites` is their order. A writer that recounts from stored rows in the middle of
 * a transaction (a task deleted or restored, a set merged by sync) goes through the
 * change item writer, which issues what it holds first and forgets what it read after.
 */
import { ChangeItemWriter } from '../db/change-items';
import type { CountersignDatabase } from '../db/database';
import { createJournalStore, type JournalStore } from '../db/journal-store';
import type { Decision } from '../domain/change-set';
import { OperationWrites } from './operation-writes';

/**
 * What a step reads and writes of the proposal rows, through its transaction: reads see
 * the writes of the steps before it; writes are issued once, at the transaction's end.
 */
export interface OperationScope {
  /** The transaction's one writer (and reader) of change items, sets and tallies. */
  changeItems: ChangeItemWriter;
  /** A decision row, added with the others at the transaction's end. */
  addDecision(decision: Decision): void;
}

/** The buffers of one transaction; opened inside it. */
export interface TransactionWrites {
  store: JournalStore;
  writes: OperationWrites;
  scope: OperationScope;
}

export function openTransactionWrites(
  db: CountersignDatabase,
  deviceId: string,
): TransactionWrites {
  const store = createJournalStore(db, {
    deviceId,
    now: new Date().toISOString(),
    recordDiffs: true,
  });
  const changeItems = ChangeItemWriter.forStep(db);
  const writes = new OperationWrites(db, changeItems);
  return {
    store,
    writes,
    scope: { changeItems, addDecision: (decision) => writes.addDecision(decision) },
  };
}

/**
 * The end of a transaction. The journal writes its handlers sent (never waited on one by
 * one) must have succeeded before anything else is issued: a failed write is only known
 * once its request settles, and a transaction with no request left commits, so nothing
 * is sent after a failure that could let it commit without the failed write. Then the
 * change items and the bookkeeping rows, side by side.
 */
export async function flushWrites({ store, writes, scope }: TransactionWrites): Promise<void> {
  await store.flush();
  await Promise.all([scope.changeItems.flush(), writes.flush()]);
}
