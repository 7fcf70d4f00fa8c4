/**
 * The transactions whose change items are all written through one writer: a step's
 * (src/dispatcher/CONTEXT.md). The step's scope holds its items, sets and tallies in
 * memory until the transaction ends; another writer opened inside it would read rows
 * the scope has not written yet and write counts and tallies over the scope's. It throws
 * instead, so the mistake fails the first test that takes the path.
 */
import Dexie, { type Transaction } from 'dexie';

const claimed = new WeakSet<Transaction>();

/** Claims the current transaction for the writer being opened in it. */
export function claimCurrentTransaction(): void {
  const transaction = Dexie.currentTransaction as Transaction | null;
  if (!transaction) throw new Error('A step writer is opened inside its transaction.');
  claimed.add(transaction);
}

/** Throws when the current transaction (or one it is nested in) belongs to a step. */
export function refuseInsideStep(what: string): void {
  for (
    let transaction = (Dexie.currentTransaction as Transaction | null) ?? undefined;
    transaction;
    transaction = transaction.parent
  ) {
    if (claimed.has(transaction))
      throw new Error(
        `${what} inside a step's transaction: write change items through the step's scope (StepScope in src/dispatcher/write-scope.ts).`,
      );
  }
}
