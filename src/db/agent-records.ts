/**
 * The agent's own records (wakes, reports, observations, change sets). They are not
 * journal data, so they are not tool calls; the wake writes them inside the dispatcher's
 * transaction (runStep), which gives reports and observations their outbox row.
 */
import type { Observation, Report, Wake } from '../domain/agent';
import { isOpenChangeSet, type ChangeSet, type Decision } from '../domain/change-set';
import type { EntityDiff } from '../domain/entity-diff';
import { stampFieldWrites } from '../domain/field-writes';
import { bumpClock } from '../domain/vector-clock';
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

/** Must run inside a readwrite transaction over `reports`. Returns the diff, for the outbox. */
export async function writeReport(
  db: CountersignDatabase,
  report: Pick<Report, 'agentId' | 'taskId' | 'oneLiner' | 'tldr' | 'content'>,
  stamp: { deviceId: string; now: string },
): Promise<EntityDiff> {
  const id = reportId(report.agentId, report.taskId);
  const existing = await db.reports.get(id);
  const next: Report = stampFieldWrites(
    existing,
    {
      ...report,
      id,
      createdAt: existing?.createdAt ?? stamp.now,
      updatedAt: stamp.now,
      rev: (existing?.rev ?? 0) + 1,
      vectorClock: bumpClock(existing?.vectorClock ?? {}, stamp.deviceId),
    },
    stamp,
  );
  await db.reports.put(next);
  return { table: 'reports', id, before: existing ?? null, after: next };
}

/** Must run inside a readwrite transaction over `observations`. Returns the diffs, for the outbox. */
export async function writeObservations(
  db: CountersignDatabase,
  observations: Pick<Observation, 'agentId' | 'taskId' | 'text' | 'priority' | 'category'>[],
  stamp: { deviceId: string; now: string },
): Promise<EntityDiff[]> {
  const rows: Observation[] = observations.map((observation) => ({
    ...observation,
    id: crypto.randomUUID(),
    createdAt: stamp.now,
    updatedAt: stamp.now,
    rev: 1,
    vectorClock: { [stamp.deviceId]: 1 },
  }));
  await db.observations.bulkAdd(rows);
  return rows.map((row) => ({ table: 'observations', id: row.id, before: null, after: row }));
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
  return sets.filter(isOpenChangeSet).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

export async function decisionsForTask(
  db: CountersignDatabase,
  taskId: string,
): Promise<Decision[]> {
  const decisions = await db.decisions.where('taskId').equals(taskId).toArray();
  return decisions.sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
}
