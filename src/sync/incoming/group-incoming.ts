/**
 * Catch-up in batches (decision 0012): the planned messages of a batch, put into the units
 * one step each applies. Consecutive operations of another device that change only journal
 * rows of one task become one group, applied as one `apply_synced_rows` call: one read per
 * table, one bulk write per table, one ledger row and one audit pair for the group, and
 * still one applied-here record per operation (idempotency by operation id). An operation
 * carrying a decision, agent rows or rows of several tasks stays a unit of its own, as
 * does a lone operation (live sync is unchanged). Consecutive skips move the cursor once.
 */
import { JOURNAL_TABLES } from '../../domain/journal';
import type { RowDiff } from '../../domain/sync-envelope';
import type { Planned } from './plan-incoming';

export type ApplyPlanned = Extract<Planned, { kind: 'apply' }>;

export type Unit =
  | { kind: 'one'; planned: Planned }
  /** Messages that only move the cursor, up to `seq`. */
  | { kind: 'skips'; seq: number }
  | { kind: 'group'; items: ApplyPlanned[] };

/**
 * Rows per group: one call's handler merges them in one main-thread task after its read,
 * so a group is kept well under 100 ms of work on a tablet.
 */
export const GROUP_ROWS = 100;

const JOURNAL = new Set<string>(JOURNAL_TABLES);

/** The one task every row of the operation belongs to, when it is groupable. */
function groupTask(planned: ApplyPlanned): string | undefined {
  let task: string | undefined;
  for (const diff of planned.operation.diffs) {
    if (!JOURNAL.has(diff.table)) return undefined;
    const of = taskOf(diff);
    if (of === undefined || (task !== undefined && of !== task)) return undefined;
    task = of;
  }
  return task;
}

function taskOf(diff: RowDiff): string | undefined {
  if (diff.table === 'tasks') return diff.id;
  const taskId = (diff.after ?? diff.before)?.taskId;
  return typeof taskId === 'string' ? taskId : undefined;
}

export function unitsOf(planned: readonly Planned[], maxRows = GROUP_ROWS): Unit[] {
  const units: Unit[] = [];
  let group: { task: string; items: ApplyPlanned[]; rows: number } | undefined;
  const close = () => {
    if (!group) return;
    units.push(
      group.items.length === 1
        ? { kind: 'one', planned: group.items[0]! }
        : { kind: 'group', items: group.items },
    );
    group = undefined;
  };
  for (const each of planned) {
    if (each.kind === 'skip') {
      close();
      const last = units.at(-1);
      if (last?.kind === 'skips') last.seq = each.seq;
      else units.push({ kind: 'skips', seq: each.seq });
      continue;
    }
    const task = each.kind === 'apply' ? groupTask(each) : undefined;
    if (each.kind !== 'apply' || task === undefined) {
      close();
      units.push({ kind: 'one', planned: each });
      continue;
    }
    const rows = each.operation.diffs.length;
    if (group && (group.task !== task || group.rows + rows > maxRows)) close();
    if (!group) group = { task, items: [], rows: 0 };
    group.items.push(each);
    group.rows += rows;
  }
  close();
  return units;
}

/** The last stream sequence a unit covers: the cursor once it committed. */
export function lastSeqOf(unit: Unit): number {
  if (unit.kind === 'skips') return unit.seq;
  if (unit.kind === 'group') return unit.items[unit.items.length - 1]!.seq;
  return unit.planned.seq;
}

/** The rows a unit writes, for sizing transactions: a message that only moves the cursor is one. */
export function rowsOf(unit: Unit): number {
  if (unit.kind === 'group')
    return unit.items.reduce((sum, item) => sum + item.operation.diffs.length, 0);
  if (unit.kind === 'one' && unit.planned.kind === 'apply')
    return Math.max(1, unit.planned.operation.diffs.length);
  return 1;
}

/** Consecutive units cut into runs of at most `maxRows` rows (a larger unit is a run of its own). */
export function runsOf<T>(units: readonly T[], rowsOfUnit: (unit: T) => number, maxRows: number) {
  const runs: T[][] = [];
  let rows = 0;
  for (const unit of units) {
    const these = rowsOfUnit(unit);
    const last = runs.at(-1);
    if (last && rows + these <= maxRows) {
      last.push(unit);
      rows += these;
    } else {
      runs.push([unit]);
      rows = these;
    }
  }
  return runs;
}
