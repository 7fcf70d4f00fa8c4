/**
 * Sections 4 and 6: the write path against floors measured in the same page. The floors
 * are the only journal writes of the bench that bypass both dispatch() and the seeding
 * helper: a raw put is what they measure.
 */
import { getDatabase } from '../../src/db/connection';
import { getDeviceId } from '../../src/db/settings';
import { dispatch } from '../../src/dispatcher/dispatch';
import type { Task } from '../../src/domain/task';
import { changedRow, checklistRows, createFreshTask } from './fixtures';
import { requireSuccess, runInOrder, timed } from './timing';

/** One put in its own readwrite transaction, resolved on commit: the cheapest honest single write. */
function nativePut(database: IDBDatabase, storeName: string, row: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    // No durability option, exactly like Dexie's transactions (it passes none by default).
    const transaction = database.transaction(storeName, 'readwrite');
    transaction.objectStore(storeName).put(row);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('transaction aborted'));
  });
}

export interface TaskEditSamples {
  dispatchMs: number[];
  nativePutMs: number[];
  dexiePutMs: number[];
}

/** Section 4: one estimate edit through dispatch() vs one raw put (native and Dexie). */
export async function measureTaskEdits(options: {
  editTaskId: string;
  floorTaskId: string;
  samples: number;
  warmup: number;
}): Promise<TaskEditSamples> {
  const db = getDatabase();
  await db.open();
  const database = db.backendDB();
  // The floors write a different task, so they never undo the dispatched edits (which would
  // turn a later dispatch into a no-op).
  let floorRow = await db.tasks.get(options.floorTaskId);
  if (!floorRow) throw new Error(`no task ${options.floorTaskId}`);
  const samples: TaskEditSamples = { dispatchMs: [], nativePutMs: [], dexiePutMs: [] };

  const nextFloorRow = (minutes: number): Task => {
    floorRow = {
      ...floorRow!,
      estimateMinutes: minutes,
      updatedAt: new Date().toISOString(),
      rev: floorRow!.rev + 1,
    };
    return floorRow;
  };
  const total = options.warmup + options.samples;
  for (let index = 0; index < total; index++) {
    const measuring = index >= options.warmup;
    // Warm-up estimates (1001+) never collide with measured ones (1..200 for 200 samples).
    const minutes = measuring ? 1 + ((index - options.warmup) % 1000) : 1001 + (index % 400);
    const order = index % 3;
    const steps = [
      async () => {
        const ms = await timed(() =>
          requireSuccess(
            dispatch(
              db,
              'update_task_estimate',
              { minutes },
              { source: 'user', taskId: options.editTaskId },
            ),
            'update_task_estimate',
          ),
        );
        if (measuring) samples.dispatchMs.push(ms);
      },
      async () => {
        const row = nextFloorRow(minutes);
        const ms = await timed(() => nativePut(database, 'tasks', row));
        if (measuring) samples.nativePutMs.push(ms);
      },
      async () => {
        const row = nextFloorRow(minutes);
        const ms = await timed(() => db.tasks.put(row));
        if (measuring) samples.dexiePutMs.push(ms);
      },
    ];
    for (let step = 0; step < 3; step++) await steps[(order + step) % 3]!();
  }
  return samples;
}

export interface PairedSamples {
  dispatchMs: number[];
  floorMs: number[];
  /** Informative only: a second way of doing the floor's work (see the caller). */
  referenceMs?: number[];
}

/** Section 6a: add_multiple_checklist_items with 20 items vs one bulkPut transaction. */
export async function measureChecklistBatch(options: {
  repetitions: number;
  warmup: number;
  itemCount: number;
}): Promise<PairedSamples> {
  const db = getDatabase();
  const deviceId = await getDeviceId(db);
  const samples: PairedSamples = { dispatchMs: [], floorMs: [] };
  const titles = Array.from({ length: options.itemCount }, (_, index) => `Item ${index + 1}`);
  const items = titles.map((title) => ({ title }));
  for (let index = 0; index < options.warmup + options.repetitions; index++) {
    const measuring = index >= options.warmup;
    const dispatchTask = await createFreshTask(db, `checklist dispatch ${index}`);
    const floorTask = await createFreshTask(db, `checklist floor ${index}`);
    await runInOrder(
      index % 2 === 0,
      async () => {
        const ms = await timed(async () => {
          const outcome = await requireSuccess(
            dispatch(
              db,
              'add_multiple_checklist_items',
              { items },
              { source: 'user', taskId: dispatchTask.id },
            ),
            'add_multiple_checklist_items',
          );
          const created = (outcome.data?.createdItems as unknown[] | undefined)?.length;
          if (created !== options.itemCount)
            throw new Error(`expected ${options.itemCount} items, got ${created}`);
        });
        if (measuring) samples.dispatchMs.push(ms);
      },
      async () => {
        const ms = await timed(() => {
          // Rows are built inside the timing, as any direct writer would have to (microseconds).
          const rows = checklistRows(floorTask.id, titles, deviceId);
          return db.transaction('rw', db.checklistItems, () => db.checklistItems.bulkPut(rows));
        });
        if (measuring) samples.floorMs.push(ms);
      },
    );
  }
  return samples;
}

/** The k-th single-field change: title, priority and estimate in turn, each differing from before. */
function fieldChange(
  repetition: number,
  step: number,
): { toolName: string; args: Record<string, unknown>; patch: Partial<Task> } {
  const round = Math.floor(step / 3);
  if (step % 3 === 0) {
    const title = `Bench title ${repetition}.${step}`;
    return { toolName: 'set_task_title', args: { title }, patch: { title } };
  }
  if (step % 3 === 1) {
    // Fresh tasks start at P2; cycling P0 → P1 → P3 never repeats the current value.
    const priority = (['P0', 'P1', 'P3'] as const)[round % 3]!;
    return { toolName: 'update_task_priority', args: { priority }, patch: { priority } };
  }
  const minutes = 10 + step;
  return {
    toolName: 'update_task_estimate',
    args: { minutes },
    patch: { estimateMinutes: minutes },
  };
}

/** Section 6b: 20 single-field edits through dispatch vs the same writes in one transaction. */
export async function measureFieldUpdates(options: {
  repetitions: number;
  warmup: number;
  updateCount: number;
}): Promise<PairedSamples> {
  const db = getDatabase();
  const deviceId = await getDeviceId(db);
  const samples: Required<PairedSamples> = { dispatchMs: [], floorMs: [], referenceMs: [] };
  for (let index = 0; index < options.warmup + options.repetitions; index++) {
    const measuring = index >= options.warmup;
    const dispatchTask = await createFreshTask(db, `fields dispatch ${index}`);
    const floorTask = await createFreshTask(db, `fields floor ${index}`);
    const referenceTask = await createFreshTask(db, `fields reference ${index}`);
    const changes = Array.from({ length: options.updateCount }, (_, step) =>
      fieldChange(index, step),
    );
    const series = [
      async () => {
        const ms = await timed(async () => {
          for (const change of changes) {
            await requireSuccess(
              dispatch(db, change.toolName, change.args, {
                source: 'user',
                taskId: dispatchTask.id,
              }),
              change.toolName,
            );
          }
        });
        if (measuring) samples.dispatchMs.push(ms);
      },
      async () => {
        // The brief's floor: the same twenty row writes, in one Dexie transaction.
        const ms = await timed(() =>
          db.transaction('rw', db.tasks, async () => {
            let row = floorTask;
            for (const change of changes) {
              row = changedRow(row, change.patch, deviceId);
              await db.tasks.put(row);
            }
          }),
        );
        if (measuring) samples.floorMs.push(ms);
      },
      async () => {
        // Reference: the same writes, each committed on its own (as twenty separate edits are).
        const ms = await timed(async () => {
          let row = referenceTask;
          for (const change of changes) {
            row = changedRow(row, change.patch, deviceId);
            await db.tasks.put(row);
          }
        });
        if (measuring) samples.referenceMs.push(ms);
      },
    ];
    for (let step = 0; step < 3; step++) await series[(index + step) % 3]!();
  }
  return samples;
}
