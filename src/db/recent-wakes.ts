/** The wakes of the last 30 days, newest first, for Settings → Agent (read by the `startedAt` index). */
import type { Wake } from '../domain/agent';
import type { CountersignDatabase } from './database';

const DAYS = 30;
const MAX_ROWS = 200;

export interface RecentWake {
  wake: Wake;
  taskTitle: string | undefined;
}

export async function listRecentWakes(
  db: CountersignDatabase,
  now: Date = new Date(),
): Promise<RecentWake[]> {
  const since = new Date(now.getTime() - DAYS * 86_400_000).toISOString();
  const wakes = await db.wakes.where('startedAt').above(since).reverse().limit(MAX_ROWS).toArray();
  const tasks = await db.tasks.bulkGet([...new Set(wakes.map((wake) => wake.taskId))]);
  const titles = new Map(tasks.flatMap((task) => (task ? [[task.id, task.title] as const] : [])));
  return wakes.map((wake) => ({ wake, taskTitle: titles.get(wake.taskId) }));
}
