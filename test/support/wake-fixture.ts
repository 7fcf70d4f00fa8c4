/**
 * For wake tests: a fresh database with an agent-ready task per test, and a scripted
 * wake on that task (the model's prompts and the progress events kept for assertions).
 */
import { afterEach, beforeEach } from 'vitest';
import type { runWake } from '../../src/agent/run-wake';
import type { WakeOptions } from '../../src/agent/wake-options';
import type { WakeProgress } from '../../src/agent/wake-progress';
import type { CountersignDatabase } from '../../src/db/database';
import type { Task } from '../../src/domain/task';
import { itemsOfTask } from './proposals';
import { scriptedModel, type ScriptedTurn } from './scripted-model';
import { wakeWithModel } from './scripted-wake';
import { createAgentReadyTask, createTestDatabase } from './test-database';

export interface WakeFixture {
  db: CountersignDatabase;
  ids: Awaited<ReturnType<typeof createAgentReadyTask>>;
  wake(
    turns: ScriptedTurn[],
    extra?: Partial<WakeOptions>,
  ): {
    run: ReturnType<typeof runWake>;
    prompts: ReturnType<typeof scriptedModel>['prompts'];
    progress: WakeProgress[];
  };
  /** The change items of the fixture's task. */
  items(): ReturnType<typeof itemsOfTask>;
  /** The fixture's task as stored now. */
  task(): Promise<Task>;
}

/** A report call the model may end a wake with. */
export const REPORT_CALL = {
  name: 'update_report',
  args: { oneLiner: 'Demo prep on track', tldr: 'Two items left.', content: '## Notes\n- ok' },
};

/** Registers the per-test database; read `db` and `ids` inside tests only. */
export function setUpWakeFixture(): WakeFixture {
  const fixture = {} as WakeFixture;
  beforeEach(async () => {
    fixture.db = createTestDatabase();
    fixture.ids = await createAgentReadyTask(fixture.db);
  });
  afterEach(async () => {
    await fixture.db.delete();
  });
  fixture.wake = (turns, extra = {}) => {
    const { model, prompts } = scriptedModel(turns);
    const progress: WakeProgress[] = [];
    const run = wakeWithModel(fixture.db, fixture.ids.taskId, model, {
      onProgress: (event) => progress.push(event),
      ...extra,
    });
    return { run, prompts, progress };
  };
  fixture.items = () => itemsOfTask(fixture.db, fixture.ids.taskId);
  fixture.task = async () => (await fixture.db.tasks.get(fixture.ids.taskId))!;
  return fixture;
}
