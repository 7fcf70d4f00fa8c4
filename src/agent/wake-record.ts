/**
 * The wake's own record: started (so other tabs know the task is being worked on) and
 * ended, with its report and observations, in one transaction that also gives them their
 * outbox row. When that final save fails, the wake is still marked ended (a wake left
 * "running" would keep Wake agent disabled elsewhere) and the failure names storage.
 */
import { putWake, writeObservations, writeReport } from '../db/agent-records';
import type { CountersignDatabase } from '../db/database';
import type { Wake } from '../domain/agent';
import type { EntityDiff } from '../domain/entity-diff';
import { writeAuditsSafely } from '../dispatcher/audit-writer';
import { runOperation } from '../dispatcher/run-operations';
import type { TurnAudit } from './change-set-builder';
import type { WakeNotes } from './route-tool-call';

export function newWakeRecord(fields: {
  agentId: string;
  taskId: string;
  deviceId: string;
  startedAt: string;
}): Wake {
  const id = crypto.randomUUID();
  return {
    id,
    agentId: fields.agentId,
    taskId: fields.taskId,
    runKey: `wake:${id}`,
    status: 'running',
    startedAt: fields.startedAt,
    createdAt: fields.startedAt,
    updatedAt: fields.startedAt,
    rev: 1,
    vectorClock: { [fields.deviceId]: 1 },
    turns: 0,
  };
}

export { putWake as saveWakeStart };

/**
 * Saves the report, the observations, the last turn's audit messages (when that turn
 * proposed nothing, it has no flush of its own) and the ended wake together. Resolves with
 * undefined, or with the storage problem in words when they could not be saved.
 */
export async function saveWakeEnd(
  db: CountersignDatabase,
  ended: Wake,
  notes: WakeNotes,
  deviceId: string,
  audit: readonly TurnAudit[] = [],
): Promise<string | undefined> {
  const stamp = { deviceId, now: ended.endedAt ?? ended.updatedAt };
  const outcome = await runOperation(
    db,
    {
      operationKey: `${ended.runKey}:end`,
      kind: 'report',
      followUp: async () => {
        // Issued side by side: one round trip to IndexedDB, not one per record.
        const [report, observations] = await Promise.all([
          notes.report
            ? writeReport(
                db,
                { agentId: ended.agentId, taskId: ended.taskId, ...notes.report },
                stamp,
              )
            : undefined,
          notes.observations.length > 0
            ? writeObservations(
                db,
                notes.observations.map((observation) => ({
                  agentId: ended.agentId,
                  taskId: ended.taskId,
                  ...observation,
                })),
                stamp,
              )
            : [],
          writeAuditsSafely(db, audit),
          db.wakes.put(ended),
        ]);
        const diffs: EntityDiff[] = [...(report ? [report] : []), ...observations];
        return { value: undefined, diffs };
      },
    },
    { tables: ['reports', 'observations', 'wakes'], ownRowsOnly: true },
  );
  if (outcome.kind !== 'failed') return undefined;
  // At least end the wake: its report is lost, but the task is free to be woken again.
  await putWake(db, { ...ended, status: 'failed', error: outcome.result.output }).catch(
    () => undefined,
  );
  return outcome.result.output;
}
