/**
 * Section 7's curve: the wake's context build at 1× and at 10× of everything that grows
 * around a task: its journal entries (200 → 2,000), the tasks of its category (500 →
 * 5,000) and the decisions made there (500 → 5,000). The prompt holds the same budget of
 * entries and the agent's record the same window of decisions at both sizes, so the build
 * should cost the same.
 */
import { buildWakeContext } from '../../src/agent/wake-context';
import { getDatabase } from '../../src/db/connection';
import type { CountersignDatabase } from '../../src/db/database';
import { seedRows } from '../../src/db/seed-rows';
import { DEFAULT_AGENT_ID } from '../../src/domain/agent';
import { decisionSchema, type Decision } from '../../src/domain/change-set';
import { categoryRow, stamp, taskRow } from '../../test/support/factories';
import { allowCategories, createBusyTask } from './fixtures';
import { createRandom, type Random } from './random';
import { COLORS, DAY_MS, SEED_DEVICE_ID } from './text';
import { timed } from './timing';

export interface ContextCurveSize {
  entries: number;
  categoryTasks: number;
  categoryDecisions: number;
}

export interface ContextCurveSamples {
  oneX: { size: ContextCurveSize; ms: number[] };
  tenX: { size: ContextCurveSize; ms: number[] };
}

const ONE_X: ContextCurveSize = { entries: 200, categoryTasks: 500, categoryDecisions: 500 };

export async function measureContextCurve(options: {
  repetitions: number;
  warmup: number;
}): Promise<ContextCurveSamples> {
  const db = getDatabase();
  const random = createRandom(7_000_011);
  const tenXSize: ContextCurveSize = {
    entries: ONE_X.entries * 10,
    categoryTasks: ONE_X.categoryTasks * 10,
    categoryDecisions: ONE_X.categoryDecisions * 10,
  };
  const oneX = await taskInCategoryOf(db, random, '1×', ONE_X);
  const tenX = await taskInCategoryOf(db, random, '10×', tenXSize);
  const samples: ContextCurveSamples = {
    oneX: { size: ONE_X, ms: [] },
    tenX: { size: tenXSize, ms: [] },
  };
  for (let index = 0; index < options.warmup + options.repetitions; index++) {
    const measuring = index >= options.warmup;
    const series = [
      async () => {
        const ms = await timedContext(db, oneX);
        if (measuring) samples.oneX.ms.push(ms);
      },
      async () => {
        const ms = await timedContext(db, tenX);
        if (measuring) samples.tenX.ms.push(ms);
      },
    ];
    for (let step = 0; step < series.length; step++) await series[(index + step) % 2]!();
  }
  return samples;
}

async function timedContext(db: CountersignDatabase, taskId: string): Promise<number> {
  let record: string[] = [];
  const ms = await timed(async () => {
    const context = await buildWakeContext(db, taskId, DEFAULT_AGENT_ID);
    if (!context) throw new Error(`buildWakeContext found no task ${taskId}`);
    record = context.record;
  });
  // The category's decisions were read and summarised, or the figure measures nothing.
  if (!record.some((line) => line.includes('other tasks in')))
    throw new Error(`the context of ${taskId} has no record of its category`);
  return ms;
}

/**
 * A category of its own (allowed), with `categoryTasks` tasks and `categoryDecisions`
 * decisions on them, and in it the task to wake with `entries` entries. Returns its id.
 */
async function taskInCategoryOf(
  db: CountersignDatabase,
  random: Random,
  label: string,
  size: ContextCurveSize,
): Promise<string> {
  const at = Date.now() - 30 * DAY_MS;
  const category = categoryRow({
    name: `Bench context ${label}`,
    color: COLORS[1],
    ...stamp(at, 1, SEED_DEVICE_ID),
  });
  await seedRows(db, 'categories', [category]);
  await allowCategories(db, [category.id]);
  const tasks = Array.from({ length: size.categoryTasks }, (_, index) =>
    taskRow({
      title: `Bench context ${label} task ${index}`,
      categoryId: category.id,
      ...stamp(at, 1, SEED_DEVICE_ID),
    }),
  );
  await seedRows(db, 'tasks', tasks);
  // Decisions are the agent's records, not journal rows: parsed, then written directly.
  const decisions: Decision[] = Array.from({ length: size.categoryDecisions }, (_, index) =>
    decisionSchema.parse({
      id: crypto.randomUUID(),
      changeSetId: crypto.randomUUID(),
      taskId: tasks[index % tasks.length]!.id,
      categoryId: category.id,
      itemIndex: 0,
      toolName: index % 2 === 0 ? 'update_task_estimate' : 'set_task_title',
      args: index % 2 === 0 ? { minutes: 30 + (index % 7) * 15 } : { title: `Title ${index}` },
      fingerprint: crypto.randomUUID(),
      humanSummary: index % 2 === 0 ? 'Set estimate' : 'Set title',
      verdict: index % 3 === 0 ? 'rejected' : 'confirmed',
      actor: 'user',
      ...(index % 3 === 0 ? { rejectionReason: 'Not now' } : {}),
      decidedAt: new Date(at + index * 60_000).toISOString(),
      deviceId: SEED_DEVICE_ID,
      ...stamp(at + index * 60_000, 1, SEED_DEVICE_ID),
    }),
  );
  await db.decisions.bulkAdd(decisions);
  const task = await createBusyTask(
    db,
    random,
    `context ${label}`,
    { entries: size.entries, checklistItems: 50 },
    category.id,
  );
  return task.id;
}
