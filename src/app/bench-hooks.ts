/**
 * What `npm run bench` drives inside the page (only built with `--mode bench`; see main.tsx).
 * Everything here uses the app's real modules: the Dexie connection the UI reads from, the
 * zod schemas rows must satisfy, and `dispatch()`, the one write path. The Node side
 * (scripts/bench/) does the timing statistics and the reporting; this file only produces
 * raw samples in milliseconds, measured with `performance.now()` in the page.
 */
import { getDatabase } from '../db/connection';
import type { CountersignDatabase } from '../db/database';
import { getDeviceId, writeSetting } from '../db/settings';
import { dispatch } from '../dispatcher/dispatch';
import type { DispatchResult } from '../dispatcher/dispatch-types';
import { categorySchema, labelSchema, type Category, type Label } from '../domain/category';
import { checklistItemSchema, type ChecklistItem } from '../domain/checklist-item';
import { journalEntrySchema, type JournalEntry } from '../domain/journal-entry';
import { taskSchema, type Priority, type Task, type TaskStatus } from '../domain/task';
import { bumpClock } from '../domain/vector-clock';
import { SAMPLE_SEEDED_KEY } from './first-run';

/* ------------------------------------------------------------------------------------------
 * Deterministic data: the same seed gives the same journal, so two runs compare like with like.
 * ---------------------------------------------------------------------------------------- */

/** mulberry32: tiny, fast, good enough to spread test data. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** A v4-shaped uuid: keys land all over the B-tree, as real random ids do. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(next() * 4)]!;
    const text = hex.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  };
  return { next, integer, pick, uuid };
}
type Random = ReturnType<typeof createRandom>;

const VERBS = [
  'Fix',
  'Draft',
  'Review',
  'Plan',
  'Call',
  'Write',
  'Update',
  'Book',
  'Prepare',
  'Clean up',
  'Investigate',
  'Order',
  'Schedule',
  'Renew',
  'Test',
  'Refactor',
];
const OBJECTS = [
  'the login redirect',
  'quarterly budget',
  'dentist appointment',
  'release notes',
  'garden shed roof',
  'flaky checkout test',
  'insurance renewal',
  'team offsite agenda',
  'onboarding guide',
  'tax documents',
  'bike brakes',
  'API rate limits',
  'birthday present for Sam',
  'migration script',
  'kitchen tap',
  'conference talk slides',
  'backup rotation',
  'car service',
  'invoice for March',
  'search relevance',
];
const QUALIFIERS = [
  '',
  '',
  '',
  ' on Safari',
  ' before Friday',
  ' for the design team',
  ' with Alex',
  ' (second attempt)',
  ' and send it round',
  ' for next sprint',
  ' at the new place',
];
const SENTENCES = [
  'Spent the morning on this and got further than expected.',
  'Still waiting for a reply from the vendor; pinged them again.',
  'The numbers do not add up yet, so I went through last month line by line.',
  'Found the cause: a cookie set with the wrong SameSite value after the redirect.',
  'Talked it through with Priya, who suggested splitting it into two smaller pieces.',
  'Blocked until the new credentials arrive, which should be early next week.',
  'Wrote a first draft; it is rough but the structure is there.',
  'Booked the slot for Thursday at ten, the only one left this month.',
  'Tried the workaround from the forum and it did not help on my machine.',
  'Measured again with a clean cache and the page now opens in under a second.',
  'Need to remember to ask about the warranty before paying the invoice.',
  'Half of the checklist is done; the rest depends on the review.',
  'Reverted yesterday’s change because it broke the export for older files.',
  'Made a list of everything that still has to happen before the deadline.',
  'The estimate was too optimistic, this will take at least another afternoon.',
  'Good progress today, nothing unexpected came up.',
];
const CHECKLIST_TITLES = [
  'Reproduce the problem',
  'Ask Alex for the figures',
  'Write the summary',
  'Check the warranty',
  'Send the invoice',
  'Update the README',
  'Buy replacement parts',
  'Book the meeting room',
  'Run the full test suite',
  'Compare three quotes',
  'Back up the old data',
  'Share the draft for review',
  'Measure twice',
  'Order the parts online',
  'Confirm the date with everyone',
];
const STATUS_WEIGHTS: [TaskStatus, number][] = [
  ['OPEN', 35],
  ['GROOMED', 10],
  ['IN PROGRESS', 15],
  ['BLOCKED', 5],
  ['ON HOLD', 5],
  ['DONE', 25],
  ['REJECTED', 5],
];
const PRIORITY_WEIGHTS: [Priority, number][] = [
  ['P0', 5],
  ['P1', 20],
  ['P2', 55],
  ['P3', 20],
];
const COLORS = ['#2f5d50', '#8a4f7d', '#c0672b', '#3b6ea5', '#6b8e23', '#a33b3b'];
const SEED_DEVICE_ID = 'bench-seed-device';
const DAY_MS = 86_400_000;

function weighted<T>(random: Random, options: [T, number][]): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

/** Splits `total` rows over `buckets` tasks unevenly (some tasks busy, many quiet), summing exactly. */
function spread(random: Random, total: number, buckets: number): number[] {
  const weights = Array.from({ length: buckets }, () => -Math.log(1 - random.next()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((weight / sum) * total));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; missing > 0; index = (index + 1) % buckets, missing--) counts[index]! += 1;
  return counts;
}

/** Journal text of realistic length: mostly a few sentences, sometimes several paragraphs. */
function entryText(random: Random): string {
  const roll = random.next();
  const sentenceCount =
    roll < 0.4 ? random.integer(1, 3) : roll < 0.85 ? random.integer(4, 9) : random.integer(10, 28);
  const sentences = Array.from({ length: sentenceCount }, () => random.pick(SENTENCES));
  const paragraphs: string[] = [];
  for (let index = 0; index < sentences.length; index += 5)
    paragraphs.push(sentences.slice(index, index + 5).join(' '));
  return paragraphs.join('\n\n');
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function stamp(time: number, rev = 1) {
  const iso = new Date(time).toISOString();
  return { createdAt: iso, updatedAt: iso, rev, vectorClock: { [SEED_DEVICE_ID]: rev } };
}

export interface SeedSize {
  tasks: number;
  entries: number;
  checklistItems: number;
  randomSeed?: number;
}

interface GeneratedJournal {
  categories: Category[];
  labels: Label[];
  tasks: Task[];
  entries: JournalEntry[];
  checklistItems: ChecklistItem[];
}

function generateJournal(size: SeedSize): GeneratedJournal {
  const random = createRandom(size.randomSeed ?? 20_260_101);
  const now = Date.now();
  const categories: Category[] = ['Work', 'Home', 'Health', 'Side project', 'Admin'].map(
    (name, index) => ({
      id: random.uuid(),
      name,
      color: COLORS[index % COLORS.length]!,
      ...stamp(now - 800 * DAY_MS),
    }),
  );
  const labels: Label[] = [
    'quick win',
    'waiting',
    'errand',
    'deep work',
    'bug',
    'phone',
    'email',
    'weekend',
    'money',
    'someday',
    'needs review',
    'outside',
  ].map((name, index) => ({
    id: random.uuid(),
    name,
    color: COLORS[index % COLORS.length]!,
    ...stamp(now - 800 * DAY_MS),
  }));

  const tasks: Task[] = [];
  for (let index = 0; index < size.tasks; index++) {
    const createdAt = now - random.integer(1, 720) * DAY_MS - random.integer(0, DAY_MS);
    const status = weighted(random, STATUS_WEIGHTS);
    const needsReason = status === 'BLOCKED' || status === 'ON HOLD';
    const reason = needsReason
      ? random.pick(['Waiting for the vendor', 'Parts on order', 'Needs a decision from Sam'])
      : undefined;
    const changedAt = new Date(createdAt + random.integer(0, 20) * DAY_MS).toISOString();
    const labelIds = [
      ...new Set(Array.from({ length: random.integer(0, 3) }, () => random.pick(labels).id)),
    ];
    tasks.push({
      id: random.uuid(),
      title: `${random.pick(VERBS)} ${random.pick(OBJECTS)}${random.pick(QUALIFIERS)}`,
      status,
      ...(reason ? { statusReason: reason } : {}),
      statusHistory: [
        { status: 'OPEN', at: new Date(createdAt).toISOString(), by: 'user' },
        ...(status === 'OPEN'
          ? []
          : [{ status, ...(reason ? { reason } : {}), at: changedAt, by: 'user' as const }]),
      ],
      priority: weighted(random, PRIORITY_WEIGHTS),
      ...(random.next() < 0.6 ? { estimateMinutes: random.integer(1, 32) * 15 } : {}),
      ...(random.next() < 0.4 ? { dueDate: isoDay(now + random.integer(-30, 90) * DAY_MS) } : {}),
      ...(random.next() < 0.3 ? { languageCode: 'en', languageSource: 'user' as const } : {}),
      ...(random.next() < 0.8 ? { categoryId: random.pick(categories).id } : {}),
      labelIds,
      suppressedLabelIds: [],
      ...stamp(createdAt, status === 'OPEN' ? 1 : 2),
    });
  }

  const entryCounts = spread(random, size.entries, tasks.length);
  const checklistCounts = spread(random, size.checklistItems, tasks.length);
  const entries: JournalEntry[] = [];
  const checklistItems: ChecklistItem[] = [];
  tasks.forEach((task, taskIndex) => {
    const taskCreated = Date.parse(task.createdAt);
    for (let count = 0; count < entryCounts[taskIndex]!; count++) {
      entries.push({
        id: random.uuid(),
        taskId: task.id,
        text: entryText(random),
        ...stamp(taskCreated + random.integer(0, Math.max(1, now - taskCreated))),
      });
    }
    for (let order = 1; order <= checklistCounts[taskIndex]!; order++) {
      const isChecked = random.next() < 0.4;
      const created = taskCreated + random.integer(0, 5 * DAY_MS);
      checklistItems.push({
        id: random.uuid(),
        taskId: task.id,
        title: `${random.pick(CHECKLIST_TITLES)}${random.next() < 0.3 ? ` (${random.pick(OBJECTS)})` : ''}`,
        isChecked,
        isArchived: random.next() < 0.05,
        order,
        ...(isChecked
          ? { checkedBy: 'user' as const, checkedAt: new Date(created + DAY_MS).toISOString() }
          : {}),
        ...stamp(created),
      });
    }
  });
  return { categories, labels, tasks, entries, checklistItems };
}

/* ------------------------------------------------------------------------------------------
 * Seeding
 * ---------------------------------------------------------------------------------------- */

export interface ProbeTask {
  id: string;
  title: string;
  entryCount: number;
  checklistCount: number;
  /** The first line of each entry (at most 60 characters), newest first: what the task page must show. */
  entrySnippets: string[];
}

export interface SeedReport {
  counts: Record<'categories' | 'labels' | 'tasks' | 'entries' | 'checklistItems', number>;
  generateMs: number;
  validateMs: number;
  clearMs: number;
  writeMs: number;
  /** The write time per table (categories and labels are a handful of rows). */
  writeMsByTable: Record<'tasks' | 'entries' | 'checklistItems', number>;
  chunkSize: number;
  averageEntryCharacters: number;
  averageTaskTitleCharacters: number;
  /** Tasks with ten entries and a few checklist items, for the task page measurement. */
  probeTasks: ProbeTask[];
  /** Seeded tasks nobody else touches, for the write measurements. */
  spareTaskIds: string[];
}

const SEED_CHUNK_SIZE = 2_000;

/** Rows must pass the app's own schemas; a bench on rows the app would reject measures nothing. */
function validate(journal: GeneratedJournal) {
  journal.categories.forEach((row) => categorySchema.parse(row));
  journal.labels.forEach((row) => labelSchema.parse(row));
  journal.tasks.forEach((row) => taskSchema.parse(row));
  journal.entries.forEach((row) => journalEntrySchema.parse(row));
  journal.checklistItems.forEach((row) => checklistItemSchema.parse(row));
}

async function seedJournal(size: SeedSize): Promise<SeedReport> {
  const db = getDatabase();
  await db.open();

  let started = performance.now();
  const journal = generateJournal(size);
  const generateMs = performance.now() - started;

  started = performance.now();
  validate(journal);
  const validateMs = performance.now() - started;

  // The first open imported the sample journal through the app's first-run path; drop it
  // (and its ledger and audit rows) so the journal holds exactly the seeded size.
  started = performance.now();
  const cleared = [
    db.tasks,
    db.checklistItems,
    db.entries,
    db.categories,
    db.labels,
    db.mutations,
    db.auditMessages,
    db.outbox,
    db.changeSets,
    db.decisions,
  ];
  await db.transaction('rw', cleared, () => Promise.all(cleared.map((table) => table.clear())));
  const clearMs = performance.now() - started;

  // Chunked bulkPut, one transaction per chunk: how an import of this size would be written
  // without holding one huge transaction (and its memory) open.
  started = performance.now();
  const writeTable = async (name: keyof GeneratedJournal, rows: readonly object[]) => {
    const table = db.table(name);
    for (let index = 0; index < rows.length; index += SEED_CHUNK_SIZE) {
      await db.transaction('rw', table, () =>
        table.bulkPut(rows.slice(index, index + SEED_CHUNK_SIZE)),
      );
    }
  };
  const writeMsByTable = { tasks: 0, entries: 0, checklistItems: 0 };
  for (const name of ['categories', 'labels', 'tasks', 'checklistItems', 'entries'] as const) {
    const tableStarted = performance.now();
    await writeTable(name, journal[name]);
    if (name in writeMsByTable)
      writeMsByTable[name as keyof typeof writeMsByTable] = performance.now() - tableStarted;
  }
  const writeMs = performance.now() - started;
  // Without this the next start would import the sample journal on top (see first-run.ts).
  await writeSetting(db, SAMPLE_SEEDED_KEY, new Date().toISOString());

  return {
    counts: {
      categories: journal.categories.length,
      labels: journal.labels.length,
      tasks: journal.tasks.length,
      entries: journal.entries.length,
      checklistItems: journal.checklistItems.length,
    },
    generateMs,
    validateMs,
    clearMs,
    writeMs,
    writeMsByTable,
    chunkSize: SEED_CHUNK_SIZE,
    averageEntryCharacters: averageLength(journal.entries.map((entry) => entry.text)),
    averageTaskTitleCharacters: averageLength(journal.tasks.map((task) => task.title)),
    ...chooseTasksForMeasurement(journal),
  };
}

function averageLength(texts: string[]): number {
  return Math.round(texts.reduce((sum, text) => sum + text.length, 0) / Math.max(1, texts.length));
}

function chooseTasksForMeasurement(journal: GeneratedJournal) {
  const entriesByTask = new Map<string, JournalEntry[]>();
  for (const entry of journal.entries) {
    const list = entriesByTask.get(entry.taskId) ?? [];
    list.push(entry);
    entriesByTask.set(entry.taskId, list);
  }
  const checklistCountByTask = new Map<string, number>();
  for (const item of journal.checklistItems) {
    checklistCountByTask.set(item.taskId, (checklistCountByTask.get(item.taskId) ?? 0) + 1);
  }
  // "About ten entries and some checklist items", closest first.
  const distance = (task: Task) => {
    const entries = entriesByTask.get(task.id)?.length ?? 0;
    const items = checklistCountByTask.get(task.id) ?? 0;
    return (
      Math.abs(entries - 10) * 10 +
      (items >= 4 && items <= 10 ? 0 : Math.min(Math.abs(items - 4), Math.abs(items - 10)))
    );
  };
  const probes = [...journal.tasks].sort((a, b) => distance(a) - distance(b)).slice(0, 8);
  const probeIds = new Set(probes.map((task) => task.id));
  const probeTasks: ProbeTask[] = probes.map((task) => {
    const entries = [...(entriesByTask.get(task.id) ?? [])].sort((a, b) =>
      b.createdAt.localeCompare(a.createdAt),
    );
    return {
      id: task.id,
      title: task.title,
      entryCount: entries.length,
      checklistCount: checklistCountByTask.get(task.id) ?? 0,
      entrySnippets: entries.map((entry) => entry.text.split('\n')[0]!.slice(0, 60).trim()),
    };
  });
  const spareTaskIds = journal.tasks
    .filter((task) => !probeIds.has(task.id))
    .slice(-10)
    .map((task) => task.id);
  return { probeTasks, spareTaskIds };
}

/* ------------------------------------------------------------------------------------------
 * Write-path measurements. Each returns raw samples (ms); statistics happen in Node.
 * Series that are compared run interleaved, alternating which goes first, so drift (GC,
 * IndexedDB compaction, a busy core) lands on both sides rather than on one.
 * ---------------------------------------------------------------------------------------- */

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

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

async function requireSuccess(result: Promise<DispatchResult>, what: string) {
  const outcome = await result;
  if (!outcome.success) throw new Error(`${what} failed: ${outcome.output}`);
  if (outcome.noop) throw new Error(`${what} was a no-op; the benchmark must make a real change`);
  return outcome;
}

function runInOrder(first: boolean, left: () => Promise<void>, right: () => Promise<void>) {
  return first ? left().then(right) : right().then(left);
}

export interface TaskEditSamples {
  dispatchMs: number[];
  nativePutMs: number[];
  dexiePutMs: number[];
}

async function measureTaskEdits(options: {
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

/** A task that exists only for one repetition, written directly (not part of any timing). */
async function createFreshTask(db: CountersignDatabase, label: string): Promise<Task> {
  const now = new Date().toISOString();
  const task: Task = taskSchema.parse({
    id: crypto.randomUUID(),
    title: `Bench task ${label}`,
    status: 'OPEN',
    statusHistory: [{ status: 'OPEN', at: now, by: 'user' }],
    priority: 'P2',
    labelIds: [],
    suppressedLabelIds: [],
    createdAt: now,
    updatedAt: now,
    rev: 1,
    vectorClock: { [SEED_DEVICE_ID]: 1 },
  });
  await db.tasks.put(task);
  return task;
}

export interface PairedSamples {
  dispatchMs: number[];
  floorMs: number[];
  /** Informative only: a second way of doing the floor's work (see the caller). */
  referenceMs?: number[];
}

async function measureChecklistBatch(options: {
  repetitions: number;
  warmup: number;
  itemCount: number;
}): Promise<PairedSamples> {
  const db = getDatabase();
  const deviceId = await getDeviceId(db);
  const samples: PairedSamples = { dispatchMs: [], floorMs: [] };
  const items = Array.from({ length: options.itemCount }, (_, index) => ({
    title: `Item ${index + 1}`,
  }));
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
          const now = new Date().toISOString();
          const rows: ChecklistItem[] = items.map((item, order) => ({
            id: crypto.randomUUID(),
            taskId: floorTask.id,
            title: item.title,
            isChecked: false,
            isArchived: false,
            order: order + 1,
            createdAt: now,
            updatedAt: now,
            rev: 1,
            vectorClock: { [deviceId]: 1 },
          }));
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

async function measureFieldUpdates(options: {
  repetitions: number;
  warmup: number;
  updateCount: number;
}): Promise<PairedSamples> {
  const db = getDatabase();
  const deviceId = await getDeviceId(db);
  const samples: Required<PairedSamples> = { dispatchMs: [], floorMs: [], referenceMs: [] };
  const changedRow = (row: Task, patch: Partial<Task>): Task => ({
    ...row,
    ...patch,
    updatedAt: new Date().toISOString(),
    rev: row.rev + 1,
    vectorClock: bumpClock(row.vectorClock, deviceId),
  });
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
              row = changedRow(row, change.patch);
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
            row = changedRow(row, change.patch);
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

/* ------------------------------------------------------------------------------------------ */

export interface CountersignBench {
  seedJournal: typeof seedJournal;
  measureTaskEdits: typeof measureTaskEdits;
  measureChecklistBatch: typeof measureChecklistBatch;
  measureFieldUpdates: typeof measureFieldUpdates;
}

declare global {
  interface Window {
    __countersignBench?: CountersignBench;
  }
}

export function installBenchHooks(): void {
  window.__countersignBench = {
    seedJournal,
    measureTaskEdits,
    measureChecklistBatch,
    measureFieldUpdates,
  };
}
