import { z } from 'zod';
import { fieldWriter } from '../../domain/field-writes';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import type { JournalWriter } from '../../domain/journal-access';
import { JOURNAL_TABLES, type JournalRows, type JournalTable } from '../../domain/journal';
import { CLOCK_SKEW_ALLOWANCE_MS, decideRemoteRow, type MergeRow } from '../../domain/merge-rule';
import { capRowTimes } from '../../domain/received-time';
import { rowRecordSchema } from '../../domain/sync-envelope';
import { countOf } from '../../lib/count-of';
import { defineInternalTool, type ToolOutcome } from '../tool-definition';

/** Rows arrive checked at sync's boundary (envelope, then the table's schema): shape only here. */
const rowSchema = rowRecordSchema;

const syncedRowSchema = z.object({
  table: z.enum(JOURNAL_TABLES),
  id: idSchema,
  /** The row on the other device before its operation; null when the operation created it. */
  before: rowSchema.nullable(),
  /** Null: the row is not kept (only when rewinding a row the rewound operation created). */
  after: rowSchema.nullable(),
  /**
   * Several remote operations applied as one (catch-up): the operation the row came in,
   * and when the server stored it, which caps its times as the call's `receivedAt` would.
   */
  operationId: z.string().min(1).max(200).optional(),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
});

/** A value of one field that lost to a concurrent edit on another device. */
export interface LostFieldValue {
  /** A journal table here; sync reports agent rows (proposals, decisions) the same way. */
  table: string;
  id: string;
  field: string;
  /** The value that lost, and the value every device keeps. */
  lost: unknown;
  kept: unknown;
  /** Whose value lost: the one this device had, or the one that arrived. */
  side: 'local' | 'remote';
  /** The device that wrote the value this device had (not always this one), when stamped. */
  localWriter?: string | undefined;
  /** The task the row is or belongs to, for the audit trail. */
  taskId: string | undefined;
  /** The remote operation the row came in, when the call applied several. */
  operationId?: string | undefined;
  /** The task's title (or the row's), to name it in words. */
  title?: string | undefined;
}

/**
 * Sync: applies the journal rows of an operation another device made, each merged with
 * this device's row by the merge rule (src/domain/merge-rule.ts), so every device ends
 * with the same rows whatever order operations arrive in. The rows are written as the
 * rule decided them (their clocks and field stamps kept), through the journal port, so
 * audit, staleness ("changed since proposed") and live queries work as for local writes.
 * Values that lost to a concurrent edit are returned (`data.lost`) for the audit trail.
 *
 * `rewind` puts rows back exactly as given instead (`after`; null removes a row the
 * operation created): for a decision this device made that another device beat, which
 * never left this device, so no other device has to hear of it being taken back.
 * Only the sync runtime may call it (source `sync`).
 */
export const applySyncedRows = defineInternalTool({
  name: 'apply_synced_rows',
  argsSchema: z.object({
    /** The other device's operation. */
    operationId: z.string().min(1).max(200),
    deviceId: z.string().min(1).max(100),
    /** When this device received it: write times are capped near it (merge-rule.ts). */
    receivedAt: z.iso.datetime({ offset: true }),
    mode: z.enum(['merge', 'rewind']).default('merge'),
    rows: z.array(syncedRowSchema).min(1).max(10_000),
  }),
  summarize: ({ rows }) => `Synced from another device (${countOf(rows.length, 'row')})`,
  targetTaskId: async ({ rows }) => rows.map(taskIdOf).find((taskId) => taskId !== undefined),
  async handle({ rows, receivedAt, mode }, journal, context) {
    if (context.source !== 'sync') {
      throw new Error(
        'apply_synced_rows applies other devices\u2019 rows and is used by sync only.',
      );
    }
    if (mode === 'rewind') return rewind(rows, journal);
    const lost: LostFieldValue[] = [];
    let written = 0;
    // One read per table for every row of the call, then no await per row: Dexie keeps a
    // transaction only across so many awaits that need no request (journal-access.ts).
    const locals = await readLocals(journal, rows);
    const merged = new Map<JournalTable, Map<string, JournalRows[JournalTable]>>();
    for (const { table, id, before, after, operationId, receivedAt: storedAt } of rows) {
      // Journal rows are deleted softly (deletedAt), so a remote row is never null.
      if (after === null) continue;
      const receivedMs = Date.parse(storedAt ?? receivedAt);
      const local = locals.get(`${table}/${id}`);
      // A row dated after it was received (beyond clock skew) is treated as written then,
      // as in an import: a time in 9999 would otherwise be kept, and stamp the next edit.
      const capped = capRowTimes(
        { ...after, id } as unknown as MergeRow & { createdAt: string },
        receivedMs + CLOCK_SKEW_ALLOWANCE_MS,
      );
      const decision = decideRemoteRow(
        local,
        { before: before as MergeRow | null, after: capped },
        receivedMs,
      );
      if (decision.outcome === 'keep-local') continue;
      const rev = revAfterMerge(decision.outcome, local?.rev, after.rev);
      const row = { ...decision.row, rev } as unknown as JournalRows[typeof table];
      // A later row of the same call (the next operation of a group) merges over this one.
      locals.set(`${table}/${id}`, row as unknown as MergeRow);
      const ofTable = merged.get(table) ?? new Map<string, JournalRows[JournalTable]>();
      merged.set(table, ofTable.set(id, row));
      written += 1;
      for (const { field, value, side } of decision.lost) {
        lost.push({
          table,
          id,
          field,
          lost: value,
          kept: decision.row[field],
          side,
          localWriter: fieldWriter(local, field),
          taskId: taskIdOf({ table, id, after }),
          title: typeof decision.row.title === 'string' ? decision.row.title : undefined,
          operationId,
        });
      }
    }
    for (const [table, byId] of merged) {
      await journal.writeRows(
        table,
        [...byId.values()].map((row) => ({ kind: 'merged' as const, row })),
      );
    }
    return {
      output:
        written === 0
          ? 'Already up to date: nothing to apply.'
          : `Applied ${countOf(written, 'row')} from another device.`,
      noop: written === 0,
      data: { lost },
    };
  },
});

/** The stored row of every (table, id) the call names, read in one request per table. */
async function readLocals(
  journal: JournalWriter,
  rows: readonly z.infer<typeof syncedRowSchema>[],
): Promise<Map<string, MergeRow | undefined>> {
  const tables = new Map<JournalTable, string[]>();
  for (const row of rows) {
    const ids = tables.get(row.table);
    if (ids) ids.push(row.id);
    else tables.set(row.table, [row.id]);
  }
  const locals = new Map<string, MergeRow | undefined>();
  await Promise.all(
    [...tables].map(async ([table, ids]) => {
      const stored = await journal.storedRows(table, ids);
      ids.forEach((id, index) =>
        locals.set(`${table}/${id}`, stored[index] as MergeRow | undefined),
      );
    }),
  );
  return locals;
}

async function rewind(
  rows: readonly z.infer<typeof syncedRowSchema>[],
  journal: JournalWriter,
): Promise<ToolOutcome> {
  for (const { table, id, after } of rows) {
    if (after === null) {
      if (isLive(await journal.storedRow(table, id))) await journal.remove(table, id);
    } else {
      await journal.putMerged(table, after as unknown as JournalRows[typeof table]);
    }
  }
  return { output: `Put back ${countOf(rows.length, 'row')} as they were.` };
}

function taskIdOf({
  table,
  id,
  after,
}: {
  table: JournalTable;
  id: string;
  after: Record<string, unknown> | null;
}): string | undefined {
  if (table === 'tasks') return id;
  return typeof after?.taskId === 'string' ? after.taskId : undefined;
}

/**
 * The rev of a row taken or merged from another device. It moves with every change of
 * content, as staleness ("changed since proposed") needs: a merged row is newer than both
 * sides (the same number on every device, whichever merges first); a remote row keeps its
 * rev, unless that would not move this device's forward.
 */
export function revAfterMerge(
  outcome: 'take-remote' | 'merged',
  localRev: unknown,
  remoteRev: unknown,
): number {
  const local = typeof localRev === 'number' ? localRev : undefined;
  const remote = typeof remoteRev === 'number' ? remoteRev : 0;
  if (outcome === 'merged') return Math.max(local ?? 0, remote) + 1;
  return local !== undefined && remote <= local ? local + 1 : remote;
}
