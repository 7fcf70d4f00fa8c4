/**
 * The agent's rows of a remote operation (proposals, decisions, reports, observations),
 * merged with this device's rows by the same rule as journal rows. Change items and sets
 * are read and written through the step's scope (its change item writer), which keeps
 * each device's own inbox keys, set counts and tallies. A proposal's and a decision's summary is written
 * here from its arguments (proposal-summary.ts). Runs inside the operation's transaction.
 */
import { fieldWriter } from '../../domain/field-writes';
import type { CountersignDatabase } from '../../db/database';
import type { OperationScope } from '../../dispatcher/write-scope';
import { observationSchema, reportSchema } from '../../domain/agent';
import { changeItemSchema, changeSetSchema, decisionSchema } from '../../domain/change-set';
import { deviceSchema } from '../../domain/device';
import { CLOCK_SKEW_ALLOWANCE_MS, decideRemoteRow, type MergeRow } from '../../domain/merge-rule';
import { capRowTimes } from '../../domain/received-time';
import { AGENT_TABLES, type RowDiff } from '../../domain/sync-envelope';
import { revAfterMerge, type LostFieldValue } from '../../tools/catalog/apply-synced-rows';
import { summaryFromArguments } from './proposal-summary';

type AgentTable = (typeof AGENT_TABLES)[number];

const PLAIN_SCHEMAS = {
  reports: reportSchema,
  observations: observationSchema,
  devices: deviceSchema,
} as const;

/**
 * `receivedAt` is when the server stored the operation's message (`SyncMessage.time`), the
 * same on every device: rows dated after it (beyond clock skew) are capped there, and merges
 * decided against it, as journal rows are (apply-synced-rows.ts). Capped at each device's own
 * clock, two devices would store different times and decide the next conflict differently.
 */
export async function applyAgentRows(
  db: CountersignDatabase,
  scope: OperationScope,
  diffs: readonly RowDiff[],
  stamp: { deviceId: string; now: string },
  receivedAt: string = stamp.now,
): Promise<LostFieldValue[]> {
  const receivedMs = Date.parse(receivedAt);
  const lost: LostFieldValue[] = [];
  for (const table of AGENT_TABLES) {
    for (const diff of diffs) {
      if (diff.table !== table || diff.after === null) continue;
      const local = withoutInboxKeys(await storedRow(db, scope, table, diff.id));
      const after = capRowTimes(
        { ...diff.after, id: diff.id } as unknown as MergeRow & { createdAt: string },
        receivedMs + CLOCK_SKEW_ALLOWANCE_MS,
      );
      const decision = decideRemoteRow(
        local as MergeRow | undefined,
        { before: diff.before as MergeRow | null, after },
        receivedMs,
      );
      if (decision.outcome === 'keep-local') continue;
      const row: Record<string, unknown> = {
        ...decision.row,
        rev: revAfterMerge(decision.outcome, local?.rev, diff.after.rev),
      };
      await writeRow(db, scope, table, row, stamp);
      for (const { field, value, side } of decision.lost) {
        lost.push({
          table,
          id: diff.id,
          field,
          lost: value,
          kept: row[field],
          side,
          localWriter: fieldWriter(local, field),
          taskId: typeof row.taskId === 'string' ? row.taskId : undefined,
        });
      }
    }
  }
  return lost;
}

function storedRow(db: CountersignDatabase, scope: OperationScope, table: AgentTable, id: string) {
  if (table === 'changeItems') return scope.changeItems.item(id);
  if (table === 'changeSets') return scope.changeItems.set(id);
  return db.table(table).get(id);
}

async function writeRow(
  db: CountersignDatabase,
  scope: OperationScope,
  table: AgentTable,
  row: Record<string, unknown>,
  stamp: { deviceId: string; now: string },
): Promise<void> {
  switch (table) {
    case 'changeSets':
      return scope.changeItems.writeMergedSet(changeSetSchema.parse(row), stamp);
    case 'changeItems': {
      const parsed = changeItemSchema.parse(row);
      const item = { ...parsed, humanSummary: await summaryFromArguments(db, parsed) };
      const { createdAt, updatedAt, rev, vectorClock, fieldWrites, ...content } = item;
      await scope.changeItems.write(
        [
          {
            before: await scope.changeItems.item(item.id),
            after: content,
            merged: {
              createdAt,
              updatedAt,
              rev,
              vectorClock,
              ...(fieldWrites ? { fieldWrites } : {}),
            },
          },
        ],
        stamp,
      );
      return;
    }
    case 'decisions': {
      const decision = decisionSchema.parse(row);
      await db.decisions.put({
        ...decision,
        humanSummary: await summaryFromArguments(db, decision),
      });
      return;
    }
    default:
      await db.table(table).put(PLAIN_SCHEMAS[table].parse(row));
  }
}

/** A stored change item without the inbox keys only this device keeps. */
function withoutInboxKeys(row: unknown): Record<string, unknown> | undefined {
  if (!row) return undefined;
  const { pendingKey: _key, pendingExpiry: _expiry, ...rest } = row as Record<string, unknown>;
  return rest;
}
