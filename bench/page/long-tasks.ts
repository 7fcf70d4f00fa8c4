/**
 * Section 7b: the page's main thread while a wake runs the real way: in the worker, with
 * the demo agent, while the task page is open and its live queries re-render as
 * proposals land. The page records its own long tasks (the worker's never count).
 */
import { wakeInWorker } from '../../src/agent/wake-in-worker';
import type { WakeOutcome } from '../../src/agent/run-wake';
import { saveProviderSettings } from '../../src/db/agent-settings';
import { getDatabase } from '../../src/db/connection';
import { getDeviceId } from '../../src/db/settings';
import { removeChangeSets, seedRows } from '../../src/db/seed-rows';
import { dispatch } from '../../src/dispatcher/dispatch';
import { buildSampleJournal, SAMPLE_IDS } from '../../src/domain/sample-journal';
import { bumpClock } from '../../src/domain/vector-clock';
import { allowCategories } from './fixtures';
import { sleep } from './timing';

const DEMO_TASK_ID = 'sample-task-login-bug';

/** Imports the sample journal again (the seed removed it) and chooses the demo agent. */
export async function prepareDemoWake(): Promise<{ taskId: string; imported: string }> {
  const db = getDatabase();
  await db.open();
  let imported = 'already present';
  if (!(await db.tasks.get(DEMO_TASK_ID))) {
    const result = await dispatch(db, 'import_journal', buildSampleJournal(), {
      source: 'user',
      summary: 'Add the sample journal',
    });
    if (!result.success) throw new Error(`import_journal failed: ${result.output}`);
    imported = result.output;
  }
  await allowCategories(db, [SAMPLE_IDS.categories.work]);
  await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
  return { taskId: DEMO_TASK_ID, imported };
}

/**
 * Puts the demo task back as the sample journal has it (the previous wake set its language)
 * and removes its change sets, so every wake proposes the same things.
 */
export async function resetDemoTask(taskId: string): Promise<void> {
  const db = getDatabase();
  const deviceId = await getDeviceId(db);
  const sample = buildSampleJournal().tables.tasks.find((task) => task.id === taskId);
  if (!sample) throw new Error(`${taskId} is not a sample task`);
  const current = await db.tasks.get(taskId);
  await seedRows(db, 'tasks', [
    {
      ...sample,
      createdAt: current?.createdAt ?? sample.createdAt,
      updatedAt: new Date().toISOString(),
      rev: (current?.rev ?? 0) + 1,
      vectorClock: bumpClock(current?.vectorClock ?? {}, deviceId),
    },
  ]);
  await removeChangeSets(db, taskId);
}

/** The status of the task's most recent wake (the tap measurement waits for it to end). */
export async function latestWakeStatus(taskId: string): Promise<string | undefined> {
  const wakes = await getDatabase().wakes.where('taskId').equals(taskId).toArray();
  return wakes.sort((a, b) => a.startedAt.localeCompare(b.startedAt)).at(-1)?.status;
}

export interface LongTaskRecord {
  /** Start, ms after the window opened. */
  at: number;
  duration: number;
}

/** Long Animation Frames API entries (Chromium); not in TypeScript's DOM library yet. */
interface ScriptTiming extends PerformanceEntry {
  invoker: string;
  invokerType: string;
  sourceFunctionName: string;
  sourceURL: string;
  forcedStyleAndLayoutDuration: number;
}
interface LongAnimationFrameTiming extends PerformanceEntry {
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: ScriptTiming[];
}

/** A long animation frame, with the scripts that ran in it (longest first): who to blame. */
export interface LongFrameRecord {
  at: number;
  duration: number;
  blockingDuration: number;
  /** Rendering (style, layout, paint) at the end of the frame. */
  renderMs: number;
  scripts: {
    invoker: string;
    source: string;
    duration: number;
    forcedLayoutMs: number;
  }[];
}

function longFrameRecord(frame: LongAnimationFrameTiming, origin: number): LongFrameRecord {
  return {
    at: frame.startTime - origin,
    duration: frame.duration,
    blockingDuration: frame.blockingDuration,
    renderMs: frame.renderStart > 0 ? frame.startTime + frame.duration - frame.renderStart : 0,
    scripts: [...frame.scripts]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((script) => ({
        invoker: script.invoker || script.invokerType,
        source:
          `${script.sourceFunctionName || '(anonymous)'} ${script.sourceURL.split('/').pop() ?? ''}`.trim(),
        duration: script.duration,
        forcedLayoutMs: script.forcedStyleAndLayoutDuration,
      })),
  };
}

/** Long tasks (> 50 ms) of this page that start while `during` runs or within `settleMs` after. */
async function recordLongTasks<T>(
  during: (startedAt: number) => Promise<T>,
  settleMs: number,
): Promise<{
  value: T;
  endedAt: number;
  windowMs: number;
  longTasks: LongTaskRecord[];
  longFrames: LongFrameRecord[];
}> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });
  const frames: PerformanceEntry[] = [];
  const frameObserver = new PerformanceObserver((list) => frames.push(...list.getEntries()));
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
    frameObserver.observe({ type: 'long-animation-frame', buffered: true });
  const startedAt = performance.now();
  const value = await during(startedAt);
  const endedAt = performance.now() - startedAt;
  await sleep(settleMs);
  entries.push(...observer.takeRecords());
  observer.disconnect();
  frames.push(...frameObserver.takeRecords());
  frameObserver.disconnect();
  const longTasks = entries
    .filter((entry) => entry.startTime >= startedAt)
    .map((entry) => ({ at: entry.startTime - startedAt, duration: entry.duration }));
  const longFrames = (frames as LongAnimationFrameTiming[])
    .filter((frame) => frame.startTime >= startedAt && frame.blockingDuration > 0)
    .map((frame) => longFrameRecord(frame, startedAt));
  return { value, endedAt, windowMs: performance.now() - startedAt, longTasks, longFrames };
}

export interface WorkerWakeSample {
  outcome: WakeOutcome;
  /** From wakeInWorker() to its outcome on the page. */
  wakeMs: number;
  progress: { type: string; at: number }[];
  /** Long tasks from the request to `settleMs` after the outcome (`at` < wakeMs: during the wake). */
  longTasks: LongTaskRecord[];
  /** Animation frames with blocking time in the same window, with their longest scripts. */
  longFrames: LongFrameRecord[];
  windowMs: number;
}

export async function wakeThroughWorker(options: {
  taskId: string;
  settleMs: number;
}): Promise<WorkerWakeSample> {
  const progress: { type: string; at: number }[] = [];
  const recorded = await recordLongTasks(
    (startedAt) =>
      wakeInWorker(options.taskId, (update) =>
        progress.push({ type: update.type, at: performance.now() - startedAt }),
      ),
    options.settleMs,
  );
  return {
    outcome: recorded.value,
    wakeMs: recorded.endedAt,
    progress,
    longTasks: recorded.longTasks,
    longFrames: recorded.longFrames,
    windowMs: recorded.windowMs,
  };
}

/** The floor: the same page, left alone for as long as a wake takes. */
export async function observeIdle(options: { ms: number }) {
  const recorded = await recordLongTasks(() => sleep(options.ms), 0);
  return { longTasks: recorded.longTasks, windowMs: recorded.windowMs };
}
