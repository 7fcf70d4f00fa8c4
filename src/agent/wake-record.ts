/**
 * The wake's own record: started (so other tabs know the task is being worked on) and
 * ended, with its report and observations, in one transaction that also gives them their
 * outbox row. When that final save fails, the wake is still marked ended (a wake left
 * "running" would keep Wake agent disabled elsewhere) and the failure names storage.
 */
import { putWake, writeObservations, writeReport } from '../db/agent-records';
import type { CountersignDatabase } from '../db/database';
import type { Wake } from '../domain/agent';
import type { EntityDiff } from '../domain/audit';
import { runStep } from '../dispatcher/run-steps';
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
 * Saves the report, the observations and the ended wake together. Resolves with undefined,
 * or with the storage problem in words when they could not be saved.
 */
export async function saveWakeEnd(
  db: CountersignDatabase,
  ended: Wake,
  notes: WakeNotes,
  deviceId: string,
): Promise<string | undefined> {
  const stamp = { deviceId, now: ended.endedAt ?? ended.updatedAt };
  const outcome = await runStep(
    db,
    {
      runKey: `${ended.runKey}:end`,
      kind: 'report',
      followUp: async () => {
        const diffs: EntityDiff[] = [];
        if (notes.report)
          diffs.push(
            await writeReport(
              db,
              { agentId: ended.agentId, taskId: ended.taskId, ...notes.report },
              stamp,
            ),
          );
        if (notes.observations.length > 0)
          diffs.push(
            ...(await writeObservations(
              db,
              notes.observations.map((observation) => ({
                agentId: ended.agentId,
                taskId: ended.taskId,
                ...observation,
              })),
              stamp,
            )),
          );
        await db.wakes.put(ended);
        return { value: undefined, diffs };
      },
    },
    { tables: ['reports', 'observations', 'wakes'] },
  );
  if (outcome.kind !== 'failed') return undefined;
  // At least end the wake: its report is lost, but the task is free to be woken again.
  await putWake(db, { ...ended, status: 'failed', error: outcome.result.output }).catch(
    () => undefined,
  );
  return outcome.result.output;
}
