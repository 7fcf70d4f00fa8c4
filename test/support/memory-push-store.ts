/** A `PushStore` in memory, for tests. */
import type { PushRow } from '../../src/sync/push/push-row';
import type { PushStore } from '../../src/sync/push/push-store';

export function createMemoryPushStore(initial: PushRow[] = []): PushStore & {
  all(): PushRow[];
} {
  const rows = new Map<string, PushRow>(initial.map((row) => [row.operationId, { ...row }]));
  const inOrder = (filter: (row: PushRow) => boolean) =>
    [...rows.values()]
      .filter(filter)
      .sort((left, right) => left.sequence - right.sequence)
      .map((row) => ({ ...row }));
  return {
    async get(operationId) {
      const row = rows.get(operationId);
      return row ? { ...row } : undefined;
    },
    async put(row) {
      rows.set(row.operationId, { ...row });
    },
    async listDue(now) {
      return inOrder(
        (row) =>
          row.state === 'in_flight' ||
          ((row.state === 'pending' || row.state === 'needs_reconcile') &&
            (row.nextAttemptAt ?? 0) <= now),
      );
    },
    async listIndeterminate() {
      return inOrder((row) => row.state === 'indeterminate');
    },
    all() {
      return inOrder(() => true);
    },
  };
}
