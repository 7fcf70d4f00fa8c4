/**
 * The agent's own records (wakes, reports, observations, change sets). The wake writes
 * them directly: they are not journal data, so they do not go through dispatch().
 */
import type { Observation, Report, Wake } from '../domain/agent';
import type { ChangeSet, Decision } from '../domain/change-set';
import type { CountersignDatabase } from './database';

export async function latestReport(
  db: CountersignDatabase,
  agentId: string,
  taskId: string,
): Promise<Report | undefined> {
  return db.reports.get(reportId(agentId, taskId));
}

/** One report per agent and task, replaced on each wake. */
export function reportId(agentId: string, taskId: string): string {
  return `${agentId}:${taskId}`;
}

export async function saveReport(
  db: CountersignDatabase,
  report: Pick<Report, 'agentId' | 'taskId' | 'oneLiner' | 'tldr' | 'content'>,
  deviceId: string,
  now: string,
): Promise<void> {
  const id = reportId(report.agentId, report.taskId);
  await db.transaction('rw', db.reports, async () => {
    const existing = await db.reports.get(id);
    await db.reports.put({
      ...report,
      id,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      rev: (existing?.rev ?? 0) + 1,
      vectorClock: {
        ...existing?.vectorClock,
        [deviceId]: (existing?.vectorClock[deviceId] ?? 0) + 1,
      },
    });
  });
}

export async function addObservations(
  db: CountersignDatabase,
  observations: Pick<Observation, 'agentId' | 'taskId' | 'text' | 'priority' | 'category'>[],
  deviceId: string,
  now: string,
): Promise<void> {
  await db.observations.bulkAdd(
    observations.map((observation) => ({
      ...observation,
      id: crypto.randomUUID(),
      createdAt: now,
      updatedAt: now,
      rev: 1,
      vectorClock: { [deviceId]: 1 },
    })),
  );
}

export async function putWake(db: CountersignDatabase, wake: Wake): Promise<void> {
  await db.wakes.put(wake);
}

/** The task's open change set: the one pending or partly resolved set new proposals join. */
export async function openChangeSet(
  db: CountersignDatabase,
  taskId: string,
): Promise<ChangeSet | undefined> {
  const sets = await db.changeSets.where('taskId').equals(taskId).toArray();
  return sets
    .filter((set) => set.status === 'pending' || set.status === 'partiallyResolved')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

export async function decisionsForTask(
  db: CountersignDatabase,
  taskId: string,
): Promise<Decision[]> {
  const decisions = await db.decisions.where('taskId').equals(taskId).toArray();
  return decisions.sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
}
