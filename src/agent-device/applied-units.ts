/**
 * What the sync runtime applied, one committed transaction at a time: the incoming feed
 * writes each unit (one operation, or a group while catching up) and moves the cursor in
 * one transaction, so a unit's tasks and the sequence it reaches are known together. The
 * agent device needs exactly that to tell an edit it already considered (at or below its
 * stored sequence) from a new one, without changing the runtime.
 */
import type { CountersignDatabase } from '../db/database';
import type { EntityDiff } from '../domain/entity-diff';

export interface AppliedUnit {
  /** The cursor the unit moved to: the stream sequence of its last message. */
  cursor: number;
  /** The stream sequences of the operations it applied (a unit may also hold skipped ones). */
  sequences: number[];
  operationIds: string[];
  taskIds: string[];
}

interface Collected {
  cursor?: number;
  sequences: number[];
  operationIds: string[];
  taskIds: Set<string>;
}

const CURSOR_KEY = 'cursor';

/** Calls `onUnit` after each commit that moved the cursor (with the synced rows it wrote). */
export function watchAppliedUnits(
  db: CountersignDatabase,
  onUnit: (unit: AppliedUnit) => void,
): () => void {
  const open = new WeakMap<object, Collected>();
  const collect = (transaction: { on(event: 'complete', fn: () => void): void }) => {
    let found = open.get(transaction);
    if (!found) {
      const created: Collected = { sequences: [], operationIds: [], taskIds: new Set() };
      open.set(transaction, created);
      found = created;
      transaction.on('complete', () => {
        if (created.cursor === undefined) return;
        onUnit({
          cursor: created.cursor,
          sequences: created.sequences,
          operationIds: created.operationIds,
          taskIds: [...created.taskIds],
        });
      });
    }
    return found;
  };
  const onCursor = (key: unknown, value: unknown, transaction: object) => {
    if (key === CURSOR_KEY && typeof value === 'number')
      collect(transaction as Parameters<typeof collect>[0]).cursor = value;
  };
  function creatingState(key: unknown, row: { value: unknown }, transaction: object) {
    onCursor(key, row.value, transaction);
  }
  function updatingState(
    changes: { value?: unknown },
    key: unknown,
    _row: unknown,
    transaction: object,
  ) {
    if ('value' in changes) onCursor(key, changes.value, transaction);
  }
  function creatingMutation(
    _key: unknown,
    row: { source: string; operationId: string; diffs: EntityDiff[] },
    transaction: object,
  ) {
    if (row.source !== 'sync') return;
    const found = collect(transaction as Parameters<typeof collect>[0]);
    found.operationIds.push(row.operationId);
    for (const taskId of tasksOf(row.diffs)) found.taskIds.add(taskId);
  }
  function creatingApplied(_key: unknown, row: { seq: number }, transaction: object) {
    collect(transaction as Parameters<typeof collect>[0]).sequences.push(row.seq);
  }
  db.syncState.hook('creating', creatingState as never);
  db.syncApplied.hook('creating', creatingApplied as never);
  db.syncState.hook('updating', updatingState as never);
  db.mutations.hook('creating', creatingMutation as never);
  return () => {
    db.syncState.hook('creating').unsubscribe(creatingState as never);
    db.syncState.hook('updating').unsubscribe(updatingState as never);
    db.syncApplied.hook('creating').unsubscribe(creatingApplied as never);
    db.mutations.hook('creating').unsubscribe(creatingMutation as never);
  };
}

/** The tasks whose page an operation's rows belong to (a task row, or a row of a task). */
function tasksOf(diffs: readonly EntityDiff[]): string[] {
  return diffs.flatMap((diff) => {
    if (diff.table === 'tasks') return [diff.id];
    const row = (diff.after ?? diff.before) as { taskId?: unknown } | null;
    return typeof row?.taskId === 'string' ? [row.taskId] : [];
  });
}
