// Section 7 (the hostile wake's audit): what the largest audit row a hostile wake can write is.
import { runWake } from '../../src/agent/run-wake';
import { getDatabase } from '../../src/db/connection';
import type { CountersignDatabase } from '../../src/db/database';
import { createBusyTask, ensureBenchCategory } from './fixtures';
import { instantModel } from './instant-model';
import { createRandom } from './random';

export interface HostileWakeAudit {
  /** Tool calls the hostile script made, over all its turns. */
  calls: number;
  turns: number;
  /** Audit rows the wake left (its own and dispatch()'s, all under its run key). */
  rows: number;
  /** The largest row, as JSON in UTF-8 bytes. */
  largestRowBytes: number;
  /** All its rows together, the same way. */
  totalBytes: number;
  /** How many calls the trail says it did not store (the budget's summary rows). */
  notStored: number;
  wakeMs: number;
}

/**
 * Issue 12 item 4: the largest audit row a hostile wake can produce. Eight turns of 25
 * calls, each turn opening with 1 MB of text; the calls carry a 1 MB tool name, 1 MB of
 * junk beside valid arguments, a 1 MB value for the immediate tool, arguments nested 5,000
 * levels deep and a 1 MB report. Runs in the bench page, or in Node with fake-indexeddb
 * (scripts/bench-hostile-wake-audit.mjs) on the database it is given.
 */
export async function measureHostileWakeAudit(
  db: CountersignDatabase = getDatabase(),
): Promise<HostileWakeAudit> {
  await ensureBenchCategory(db);
  const task = await createBusyTask(db, createRandom(12), 'hostile', {
    entries: 20,
    checklistItems: 5,
  });
  const megabyte = 'x'.repeat(1024 * 1024);
  // As a provider streams it: JSON text (building it as an object would overflow JSON.stringify).
  const deep = `${'{"a":'.repeat(5_000)}"deep"${'}'.repeat(5_000)}`;
  const hostileCall = (turn: number, index: number) => {
    switch (index % 5) {
      case 0:
        return { name: `${megabyte}${turn}-${index}`, args: {} };
      case 1:
        return { name: 'update_task_estimate', args: { minutes: 30 + index, junk: megabyte } };
      case 2:
        return { name: 'set_task_language', args: { languageCode: `${index}${megabyte}` } };
      case 3:
        return { name: 'set_task_title', args: deep };
      default:
        return { name: 'update_report', args: { oneLiner: megabyte, content: megabyte } };
    }
  };
  const turns = Array.from({ length: 8 }, (_, turn) => ({
    text: megabyte,
    calls: Array.from({ length: 25 }, (_, index) => hostileCall(turn, index)),
  }));
  const started = performance.now();
  const outcome = await runWake({
    db,
    taskId: task.id,
    model: instantModel(turns),
    providerLabel: 'a hostile script',
    describeError: (error) => ({
      kind: 'bench',
      message: error instanceof Error ? error.message : String(error),
    }),
  });
  const wakeMs = performance.now() - started;
  if (outcome.status !== 'done')
    throw new Error(`the hostile wake did not finish: ${JSON.stringify(outcome)}`);
  const rows = await db.auditMessages.where('runKey').equals(`wake:${outcome.wakeId}`).toArray();
  const encoder = new TextEncoder();
  const sizes = rows.map((row) => encoder.encode(JSON.stringify(row)).length);
  return {
    calls: turns.reduce((sum, turn) => sum + turn.calls.length, 0),
    turns: outcome.turns,
    rows: rows.length,
    largestRowBytes: Math.max(0, ...sizes),
    totalBytes: sizes.reduce((sum, size) => sum + size, 0),
    notStored: rows.reduce(
      (sum, row) => sum + Number((row.payload as { notStored?: number }).notStored ?? 0),
      0,
    ),
    wakeMs,
  };
}
