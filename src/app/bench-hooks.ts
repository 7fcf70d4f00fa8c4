/**
 * What `npm run bench` drives inside the page (only built with `--mode bench`; see main.tsx).
 * Everything here uses the app's real modules: the Dexie connection the UI reads from, the
 * zod schemas rows must satisfy, and `dispatch()`, the one write path. The Node side
 * (scripts/bench/) does the timing statistics and the reporting; this file only produces
 * raw samples in milliseconds, measured with `performance.now()` in the page.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { ChangeSetBuilder } from '../agent/change-set-builder';
import { renderContext } from '../agent/render-context';
import { runWake, type WakeOutcome } from '../agent/run-wake';
import { wakeInWorker } from '../agent/wake-in-worker';
import { buildWakeContext, type WakeContext } from '../agent/wake-context';
import { readDefaultAgent } from '../db/agent-config';
import { openChangeSet } from '../db/agent-records';
import { saveProviderSettings } from '../db/agent-settings';
import { getDatabase } from '../db/connection';
import { countPendingItems, listPendingGroups } from '../db/queries/proposals';
import type { CountersignDatabase } from '../db/database';
import { getDeviceId, writeSetting } from '../db/settings';
import { dispatch } from '../dispatcher/dispatch';
import type { DispatchResult } from '../dispatcher/dispatch-types';
import { categorySchema, labelSchema, type Category, type Label } from '../domain/category';
import { checklistItemSchema, type ChecklistItem } from '../domain/checklist-item';
import { journalEntrySchema, type JournalEntry } from '../domain/journal-entry';
import { taskSchema, type Priority, type Task, type TaskStatus } from '../domain/task';
import { DEFAULT_AGENT_ID, type Wake } from '../domain/agent';
import { changeSetSchema, type ChangeItem, type ChangeSet } from '../domain/change-set';
import { proposalFingerprint } from '../domain/fingerprint';
import { buildSampleJournal, SAMPLE_IDS } from '../domain/sample-journal';
import { bumpClock } from '../domain/vector-clock';
import { confirmAll } from '../confirmation/confirm-all';
import { findTool } from '../tools/registry';
import { NO_NAMES } from '../tools/tool-definition';
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

export interface TransactionCounts {
  readwrite: number;
  readonly: number;
}

/**
 * Counts the IndexedDB transactions `action` opens through Dexie (one per call outside an
 * explicit transaction), by wrapping the top of the connection's DBCore stack, which every
 * Dexie transaction is created through. Only used on warm-up rounds, never on a timed one.
 */
async function countTransactions<T>(
  db: CountersignDatabase,
  action: () => Promise<T>,
): Promise<{ value: T; counts: TransactionCounts }> {
  const core = db.core;
  const original = core.transaction;
  const counts: TransactionCounts = { readwrite: 0, readonly: 0 };
  core.transaction = (...args: Parameters<typeof original>) => {
    counts[args[1]] += 1;
    return original.apply(core, args);
  };
  try {
    return { value: await action(), counts };
  } finally {
    core.transaction = original;
  }
}

/* ------------------------------------------------------------------------------------------
 * Section 7: the wake's own cost. An instant model answers every turn at once, so what is
 * timed is the wake itself: context, prompt, routing, dispatch, audit and persistence.
 * ---------------------------------------------------------------------------------------- */

interface InstantCall {
  name: string;
  args: Record<string, unknown>;
}
interface InstantTurn {
  text?: string;
  calls: InstantCall[];
}

/** A LanguageModelV4 that answers from a script at once: turn N is the Nth answer of the wake. */
function instantModel(turns: readonly InstantTurn[]): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'instant',
    supportedUrls: {},
    async doGenerate() {
      throw new Error('The bench model only streams.');
    },
    async doStream(options: LanguageModelV4CallOptions) {
      const turnIndex = options.prompt.filter((message) => message.role === 'assistant').length;
      const turn = turns[turnIndex] ?? { calls: [] };
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (turn.text) {
        parts.push(
          { type: 'text-start', id: 'text' },
          { type: 'text-delta', id: 'text', delta: turn.text },
          { type: 'text-end', id: 'text' },
        );
      }
      turn.calls.forEach((call, index) =>
        parts.push({
          type: 'tool-call',
          toolCallId: `bench-${turnIndex}-${index}`,
          toolName: call.name,
          input: JSON.stringify(call.args),
        }),
      );
      parts.push({
        type: 'finish',
        finishReason: { unified: turn.calls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: {
            total: 4_000,
            noCache: 4_000,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: 200, text: 200, reasoning: undefined },
        },
      });
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

/** Turn 1: two proposals, a batch of three, one immediate write and a note; turn 2: the report. */
function wakeScript(label: string): InstantTurn[] {
  return [
    {
      text: 'The entries say what is left. Proposing a clearer title, an estimate and the next steps.',
      calls: [
        { name: 'set_task_title', args: { title: `Bench wake task ${label}, clarified` } },
        { name: 'update_task_estimate', args: { minutes: 90 } },
        {
          name: 'add_multiple_checklist_items',
          args: {
            items: [
              { title: 'Write the migration plan' },
              { title: 'Ask Priya to review' },
              { title: 'Schedule the rollout' },
            ],
          },
        },
        { name: 'set_task_language', args: { languageCode: 'de' } },
        {
          name: 'record_observations',
          args: {
            observations: [
              { text: 'Depends on the vendor reply.', priority: 'high', category: 'dependency' },
            ],
          },
        },
      ],
    },
    {
      calls: [
        {
          name: 'update_report',
          args: {
            oneLiner: 'Half done; the rollout still needs a plan and a review.',
            tldr: 'The entries describe steady progress. I proposed a clearer title, a 90-minute estimate and three remaining steps.',
            content:
              '## What I read\n- Progress is steady.\n\n## What I proposed\n- Title, estimate, three checklist items.',
          },
        },
      ],
    },
  ];
}
/** What the script must leave behind: five queued items (title, estimate, three checklist items). */
const WAKE_SCRIPT_PROPOSALS = 5;

const BENCH_CATEGORY_ID = 'bench-agent-category';

/** Adds categories to the default agent's allowlist (keeping what is there). */
async function allowCategories(db: CountersignDatabase, categoryIds: string[]): Promise<void> {
  const current = (await readDefaultAgent(db))?.allowedCategoryIds ?? [];
  for (const categoryId of categoryIds.filter((id) => !current.includes(id)))
    await dispatch(db, 'allow_agent_category', { categoryId, allowed: true }, { source: 'user' });
}

/** The category of every task the bench wakes or confirms for, allowed for the agent. */
async function ensureBenchCategory(db: CountersignDatabase): Promise<string> {
  if (!(await db.categories.get(BENCH_CATEGORY_ID))) {
    await db.categories.put(
      categorySchema.parse({
        id: BENCH_CATEGORY_ID,
        name: 'Bench',
        color: COLORS[0],
        ...stamp(Date.now()),
      }),
    );
  }
  await allowCategories(db, [BENCH_CATEGORY_ID]);
  return BENCH_CATEGORY_ID;
}

/** A task in the allowed category with `entries` journal entries and `checklistItems` items. */
async function createBusyTask(
  db: CountersignDatabase,
  random: Random,
  label: string,
  size: { entries: number; checklistItems: number },
): Promise<Task> {
  const created = Date.now() - 60 * DAY_MS;
  const task = taskSchema.parse({
    id: crypto.randomUUID(),
    title: `Bench wake task ${label}`,
    status: 'OPEN',
    statusHistory: [{ status: 'OPEN', at: new Date(created).toISOString(), by: 'user' }],
    priority: 'P2',
    categoryId: BENCH_CATEGORY_ID,
    labelIds: [],
    suppressedLabelIds: [],
    ...stamp(created),
  });
  const step = (59 * DAY_MS) / Math.max(1, size.entries);
  const entries: JournalEntry[] = Array.from({ length: size.entries }, (_, index) => ({
    id: crypto.randomUUID(),
    taskId: task.id,
    text: entryText(random),
    ...stamp(created + DAY_MS + Math.round(index * step)),
  }));
  const checklistItems: ChecklistItem[] = Array.from(
    { length: size.checklistItems },
    (_, index) => ({
      id: crypto.randomUUID(),
      taskId: task.id,
      title: `${random.pick(CHECKLIST_TITLES)} (step ${index + 1})`,
      isChecked: index % 3 === 0,
      isArchived: false,
      order: index + 1,
      ...(index % 3 === 0
        ? { checkedBy: 'user' as const, checkedAt: new Date(created + DAY_MS).toISOString() }
        : {}),
      ...stamp(created + DAY_MS),
    }),
  );
  await db.transaction('rw', [db.tasks, db.entries, db.checklistItems], async () => {
    await db.tasks.put(task);
    await db.entries.bulkPut(entries);
    await db.checklistItems.bulkPut(checklistItems);
  });
  return task;
}

export interface WakeOverheadSamples {
  /** runWake from call to outcome, with the instant model. */
  wakeMs: number[];
  /** Phases of the same wakes, from the progress it reports. */
  phases: {
    setupMs: number[];
    promptMs: number[];
    turn1Ms: number[];
    turn2Ms: number[];
    finishMs: number[];
  };
  /** buildWakeContext alone on the same task, just before its wake. */
  contextMs: number[];
  /** renderContext of that context (the first user message). */
  renderMs: number[];
  /** The wake's essential reads and writes as plain Dexie calls, on a twin task. */
  floorMs: number[];
  entriesInPrompt: number[];
  promptCharacters: number[];
  /**
   * Turn 1 cut at each call's progress report: [thinking → 1st call reported, 1st → 2nd, …,
   * last call → proposals flushed]. Segment k holds the audit of call k-1 and the routing of call k.
   */
  turn1Segments: number[][];
  turn1Tools: string[];
  /** IndexedDB transactions one wake opens (counted on the last warm-up wake). */
  transactions?: TransactionCounts;
}

/** One wake's storage, done directly: the reads of the context, then each record the wake keeps. */
async function wakeStorageFloor(db: CountersignDatabase, taskId: string, deviceId: string) {
  return timed(async () => {
    const task = await db.tasks.get(taskId);
    if (!task) throw new Error(`no task ${taskId}`);
    await Promise.all([
      db.entries
        .where('[taskId+createdAt]')
        .between([taskId, ''], [taskId, '\uffff'])
        .reverse()
        .toArray(),
      db.checklistItems.where('taskId').equals(taskId).toArray(),
    ]);
    const now = new Date().toISOString();
    const base = { createdAt: now, updatedAt: now, rev: 1, vectorClock: { [deviceId]: 1 } };
    const wakeId = crypto.randomUUID();
    const wake: Wake = {
      id: wakeId,
      agentId: DEFAULT_AGENT_ID,
      taskId,
      runKey: `bench-floor:${wakeId}`,
      status: 'running',
      startedAt: now,
      ...base,
    };
    await db.wakes.put(wake);
    const item = (toolName: string, args: Record<string, unknown>, summary: string) => ({
      toolName,
      args,
      humanSummary: summary,
      // Written as decided, so the floor's sets never show up in the Review inbox.
      status: 'confirmed' as const,
      fingerprint: proposalFingerprint(toolName, args),
      baseRev: task.rev,
      groupId: 'floor',
    });
    await db.changeSets.add({
      id: crypto.randomUUID(),
      agentId: DEFAULT_AGENT_ID,
      taskId,
      runKey: wake.runKey,
      status: 'resolved',
      items: [
        item('set_task_title', { title: `${task.title}, clarified` }, 'Set title'),
        item('update_task_estimate', { minutes: 90 }, 'Set estimate to 90 minutes'),
        ...['Write the migration plan', 'Ask Priya to review', 'Schedule the rollout'].map(
          (title) => item('add_checklist_item', { title }, `Add: "${title}"`),
        ),
      ],
      ...base,
    });
    await db.tasks.put({
      ...task,
      languageCode: 'de',
      languageSource: 'agent',
      updatedAt: now,
      rev: task.rev + 1,
      vectorClock: bumpClock(task.vectorClock, deviceId),
    });
    await db.reports.put({
      id: `${DEFAULT_AGENT_ID}:${taskId}`,
      agentId: DEFAULT_AGENT_ID,
      taskId,
      oneLiner: 'Half done.',
      tldr: 'Steady progress.',
      content: '## Proposed\n- Title, estimate, three steps.',
      ...base,
    });
    await db.observations.add({
      id: crypto.randomUUID(),
      agentId: DEFAULT_AGENT_ID,
      taskId,
      text: 'Depends on the vendor reply.',
      priority: 'high',
      category: 'dependency',
      ...base,
    });
    await db.wakes.put({ ...wake, status: 'done', endedAt: now, rev: 2, turns: 2, proposed: 5 });
  });
}

async function measureWakeOverhead(options: {
  repetitions: number;
  warmup: number;
  entries: number;
  checklistItems: number;
}): Promise<WakeOverheadSamples> {
  const db = getDatabase();
  await ensureBenchCategory(db);
  const deviceId = await getDeviceId(db);
  const random = createRandom(7_000_007);
  const samples: WakeOverheadSamples = {
    wakeMs: [],
    phases: { setupMs: [], promptMs: [], turn1Ms: [], turn2Ms: [], finishMs: [] },
    contextMs: [],
    renderMs: [],
    floorMs: [],
    entriesInPrompt: [],
    promptCharacters: [],
    turn1Segments: [],
    turn1Tools: [],
  };
  const size = { entries: options.entries, checklistItems: options.checklistItems };
  for (let index = 0; index < options.warmup + options.repetitions; index++) {
    const measuring = index >= options.warmup;
    const task = await createBusyTask(db, random, `${index}`, size);
    const twin = await createBusyTask(db, random, `${index} (floor)`, size);

    const contextAndWake = async () => {
      let context: WakeContext | undefined;
      const contextMs = await timed(async () => {
        context = await buildWakeContext(db, task.id, DEFAULT_AGENT_ID);
      });
      if (!context) throw new Error(`buildWakeContext found no task ${task.id}`);
      const renderStarted = performance.now();
      const prompt = renderContext(context);
      const renderMs = performance.now() - renderStarted;

      const marks: { type: string; at: number; toolName?: string }[] = [];
      const started = performance.now();
      const wake = () =>
        runWake({
          db,
          taskId: task.id,
          model: instantModel(wakeScript(`${index}`)),
          providerLabel: 'the bench’s instant model',
          describeError: (error) => ({
            kind: 'bench',
            message: error instanceof Error ? error.message : String(error),
          }),
          onProgress: (progress) =>
            marks.push({
              type: progress.type,
              at: performance.now(),
              ...(progress.type === 'tool' ? { toolName: progress.toolName } : {}),
            }),
        });
      let outcome: WakeOutcome;
      if (index === options.warmup - 1) {
        const counted = await countTransactions(db, wake);
        outcome = counted.value;
        samples.transactions = counted.counts;
      } else outcome = await wake();
      const ended = performance.now();
      if (
        outcome.status !== 'done' ||
        outcome.turns !== 2 ||
        outcome.proposed !== WAKE_SCRIPT_PROPOSALS
      ) {
        throw new Error(
          `the wake did not do what the script asks (want done, 2 turns, ${WAKE_SCRIPT_PROPOSALS} proposals): ${JSON.stringify(outcome)}`,
        );
      }
      const after = await db.tasks.get(task.id);
      if (after?.languageCode !== 'de') {
        throw new Error(
          'set_task_language was not applied during the wake (is the bench category allowed?)',
        );
      }
      const at = (type: string, nth = 0) => {
        const mark = marks.filter((candidate) => candidate.type === type)[nth];
        if (!mark) throw new Error(`the wake reported no "${type}" #${nth + 1}`);
        return mark.at;
      };
      if (!measuring) return;
      samples.contextMs.push(contextMs);
      samples.renderMs.push(renderMs);
      samples.entriesInPrompt.push(context.entries.length);
      samples.promptCharacters.push(prompt.length);
      samples.wakeMs.push(ended - started);
      samples.phases.setupMs.push(at('started') - started);
      samples.phases.promptMs.push(at('thinking') - at('started'));
      samples.phases.turn1Ms.push(at('proposed') - at('thinking'));
      samples.phases.turn2Ms.push(at('proposed', 1) - at('proposed'));
      samples.phases.finishMs.push(ended - at('proposed', 1));
      // By position, not time: marks a few microseconds apart can share a timestamp.
      const firstThinking = marks.findIndex((mark) => mark.type === 'thinking');
      const firstProposed = marks.findIndex((mark) => mark.type === 'proposed');
      const turn1 = marks.slice(firstThinking + 1, firstProposed + 1);
      samples.turn1Tools = turn1.map((mark) => mark.toolName ?? mark.type);
      samples.turn1Segments.push(
        turn1.map((mark, position) => mark.at - (turn1[position - 1]?.at ?? at('thinking'))),
      );
    };
    const floor = async () => {
      const ms = await wakeStorageFloor(db, twin.id, deviceId);
      if (measuring) samples.floorMs.push(ms);
    };
    await runInOrder(index % 2 === 0, contextAndWake, floor);
  }
  return samples;
}

/* The same wake run the real way: through the worker, with the demo agent, while the page
 * shows the task. The page records its own long tasks (the worker's never count). */

const DEMO_TASK_ID = 'sample-task-login-bug';

/** Imports the sample journal again (the seed removed it) and chooses the demo agent. */
async function prepareDemoWake(): Promise<{ taskId: string; imported: string }> {
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
async function resetDemoTask(taskId: string): Promise<void> {
  const db = getDatabase();
  const deviceId = await getDeviceId(db);
  const sample = buildSampleJournal().tables.tasks.find((task) => task.id === taskId);
  if (!sample) throw new Error(`${taskId} is not a sample task`);
  await db.transaction('rw', [db.tasks, db.changeSets], async () => {
    const current = await db.tasks.get(taskId);
    await db.tasks.put({
      ...sample,
      createdAt: current?.createdAt ?? sample.createdAt,
      updatedAt: new Date().toISOString(),
      rev: (current?.rev ?? 0) + 1,
      vectorClock: bumpClock(current?.vectorClock ?? {}, deviceId),
    });
    await db.changeSets.where('taskId').equals(taskId).delete();
  });
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function wakeThroughWorker(options: {
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
async function observeIdle(options: { ms: number }) {
  const recorded = await recordLongTasks(() => sleep(options.ms), 0);
  return { longTasks: recorded.longTasks, windowMs: recorded.windowMs };
}

/* ------------------------------------------------------------------------------------------
 * Section 8: review. Confirm All of a 20-item set against the same journal rows in one
 * transaction, and the 5,000 pending items the swipe measurement needs.
 * ---------------------------------------------------------------------------------------- */

interface Proposal {
  toolName: string;
  args: Record<string, unknown>;
}

/** A change set proposed through the real ChangeSetBuilder, as a wake would write it. */
async function proposeSet(
  db: CountersignDatabase,
  deviceId: string,
  taskId: string,
  proposals: readonly Proposal[],
  expectedItems: number,
): Promise<ChangeSet> {
  const builder = new ChangeSetBuilder({
    db,
    taskId,
    agentId: DEFAULT_AGENT_ID,
    runKey: `bench:${crypto.randomUUID()}`,
    deviceId,
    rejected: new Map(),
    openFingerprints: new Set(),
  });
  for (const [index, proposal] of proposals.entries()) {
    const tool = findTool(proposal.toolName);
    if (!tool) throw new Error(`no tool ${proposal.toolName}`);
    const outcome = await builder.propose(
      tool,
      tool.argsSchema.parse(proposal.args),
      `bench-${index}`,
    );
    const skipped = outcome.skipped[0];
    if (skipped) throw new Error(`proposal skipped: ${skipped.summary}: ${skipped.reason}`);
  }
  await builder.flush();
  const set = await openChangeSet(db, taskId);
  if (set?.items.length !== expectedItems)
    throw new Error(`expected a set of ${expectedItems} items, got ${set?.items.length ?? 'none'}`);
  return set;
}

/** A fresh task in the allowed category (confirmations count as the agent's writes for policy). */
async function createAllowedTask(db: CountersignDatabase, label: string): Promise<Task> {
  const task = await createFreshTask(db, label);
  const allowed = { ...task, categoryId: BENCH_CATEGORY_ID };
  await db.tasks.put(allowed);
  return allowed;
}

const checklistTitles = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `Bench step ${offset + index + 1}`);

/** The mixed set: four task fields, then checklist items. */
function mixedChanges(checklistCount: number, dueDate: string) {
  return {
    fields: [
      { toolName: 'set_task_title', args: { title: 'Bench task, clarified' } },
      { toolName: 'update_task_estimate', args: { minutes: 90 } },
      { toolName: 'update_task_priority', args: { priority: 'P1' } },
      { toolName: 'update_task_due_date', args: { dueDate } },
    ] satisfies Proposal[],
    patches: [
      { title: 'Bench task, clarified' },
      { estimateMinutes: 90 },
      { priority: 'P1' as const },
      { dueDate },
    ] satisfies Partial<Task>[],
    titles: checklistTitles(checklistCount),
  };
}

export interface ConfirmAllSamples {
  checklist: { confirmAllMs: number[]; floorMs: number[]; referenceMs: number[] };
  mixed: { confirmAllMs: number[]; floorMs: number[] };
  /** IndexedDB transactions of one Confirm All of the checklist set (last warm-up round). */
  transactions?: TransactionCounts;
}

async function measureConfirmAll(options: {
  repetitions: number;
  warmup: number;
  itemCount: number;
}): Promise<ConfirmAllSamples> {
  const db = getDatabase();
  await ensureBenchCategory(db);
  const deviceId = await getDeviceId(db);
  const samples: ConfirmAllSamples = {
    checklist: { confirmAllMs: [], floorMs: [], referenceMs: [] },
    mixed: { confirmAllMs: [], floorMs: [] },
  };
  const checklistRows = (taskId: string, titles: readonly string[]): ChecklistItem[] => {
    const now = new Date().toISOString();
    return titles.map((title, order) => ({
      id: crypto.randomUUID(),
      taskId,
      title,
      isChecked: false,
      isArchived: false,
      order: order + 1,
      createdAt: now,
      updatedAt: now,
      rev: 1,
      vectorClock: { [deviceId]: 1 },
    }));
  };
  const changedRow = (row: Task, patch: Partial<Task>): Task => ({
    ...row,
    ...patch,
    updatedAt: new Date().toISOString(),
    rev: row.rev + 1,
    vectorClock: bumpClock(row.vectorClock, deviceId),
  });
  const confirmed = async (changeSetId: string, expected: number) => {
    const result = await confirmAll(db, changeSetId);
    if (result.applied !== expected)
      throw new Error(`Confirm All applied ${result.applied} of ${expected}: ${result.message}`);
  };
  const dueDate = isoDay(Date.now() + 30 * DAY_MS);
  const mixed = mixedChanges(options.itemCount - 4, dueDate);

  for (let index = 0; index < options.warmup + options.repetitions; index++) {
    const measuring = index >= options.warmup;
    // Sets and tasks are made before anything is timed.
    const checklistTask = await createAllowedTask(db, `confirm-all checklist ${index}`);
    const checklistSet = await proposeSet(
      db,
      deviceId,
      checklistTask.id,
      [
        {
          toolName: 'add_multiple_checklist_items',
          args: { items: checklistTitles(options.itemCount).map((title) => ({ title })) },
        },
      ],
      options.itemCount,
    );
    const mixedTask = await createAllowedTask(db, `confirm-all mixed ${index}`);
    const mixedSet = await proposeSet(
      db,
      deviceId,
      mixedTask.id,
      [
        ...mixed.fields,
        {
          toolName: 'add_multiple_checklist_items',
          args: { items: mixed.titles.map((title) => ({ title })) },
        },
      ],
      options.itemCount,
    );
    const floorTask = await createAllowedTask(db, `confirm-all floor ${index}`);
    const referenceTask = await createAllowedTask(db, `confirm-all reference ${index}`);
    const mixedFloorTask = await createAllowedTask(db, `confirm-all mixed floor ${index}`);

    const series = [
      async () => {
        if (index === options.warmup - 1) {
          samples.transactions = (
            await countTransactions(db, () => confirmed(checklistSet.id, options.itemCount))
          ).counts;
          return;
        }
        const ms = await timed(() => confirmed(checklistSet.id, options.itemCount));
        if (measuring) samples.checklist.confirmAllMs.push(ms);
      },
      async () => {
        // The same journal rows the twenty items write, in one transaction.
        const ms = await timed(() => {
          const rows = checklistRows(floorTask.id, checklistTitles(options.itemCount));
          return db.transaction('rw', db.checklistItems, () => db.checklistItems.bulkPut(rows));
        });
        if (measuring) samples.checklist.floorMs.push(ms);
      },
      async () => {
        // Reference: the same rows, one commit each (as Confirm All commits per item).
        const ms = await timed(async () => {
          for (const row of checklistRows(referenceTask.id, checklistTitles(options.itemCount)))
            await db.checklistItems.put(row);
        });
        if (measuring) samples.checklist.referenceMs.push(ms);
      },
      async () => {
        const ms = await timed(() => confirmed(mixedSet.id, options.itemCount));
        if (measuring) samples.mixed.confirmAllMs.push(ms);
      },
      async () => {
        const ms = await timed(() =>
          db.transaction('rw', [db.tasks, db.checklistItems], async () => {
            let row = mixedFloorTask;
            for (const patch of mixed.patches) {
              row = changedRow(row, patch);
              await db.tasks.put(row);
            }
            await db.checklistItems.bulkPut(checklistRows(mixedFloorTask.id, mixed.titles));
          }),
        );
        if (measuring) samples.mixed.floorMs.push(ms);
      },
    ];
    for (let step = 0; step < series.length; step++)
      await series[(index + step) % series.length]!();
  }
  return samples;
}

const ACTIVE_STATUSES: ReadonlySet<TaskStatus> = new Set([
  'OPEN',
  'GROOMED',
  'IN PROGRESS',
  'BLOCKED',
  'ON HOLD',
]);

/** A pending item exactly as the ChangeSetBuilder would store it for `task`. */
function pendingItem(task: Task, proposal: Proposal, groupId: string): ChangeItem {
  const tool = findTool(proposal.toolName);
  if (!tool) throw new Error(`no tool ${proposal.toolName}`);
  const args = tool.argsSchema.parse(proposal.args) as Record<string, unknown>;
  const target = tool.proposalTarget?.(args, { taskId: task.id });
  const row = task as unknown as Record<string, unknown>;
  return {
    toolName: tool.name,
    args,
    humanSummary: tool.summarize(args, NO_NAMES),
    status: 'pending',
    fingerprint: proposalFingerprint(tool.name, args),
    baseRev: task.rev,
    ...(target ? { base: Object.fromEntries(target.fields.map((f) => [f, row[f] ?? null])) } : {}),
    groupId,
  };
}

/** What a wake might propose for a seeded task: a title, an estimate, a priority, steps. */
function proposalsFor(task: Task, count: number): Proposal[] {
  const proposals: Proposal[] = [
    { toolName: 'set_task_title', args: { title: `${task.title} (clarified)` } },
    {
      toolName: 'update_task_estimate',
      args: { minutes: Math.min(1440, (task.estimateMinutes ?? 30) + 15) },
    },
    { toolName: 'update_task_priority', args: { priority: task.priority === 'P0' ? 'P1' : 'P0' } },
  ];
  for (let step = 1; proposals.length < count; step++)
    proposals.push({ toolName: 'add_checklist_item', args: { title: `Follow-up step ${step}` } });
  return proposals.slice(0, count);
}

export interface PendingSeedReport {
  /** Pending before the seed (left by earlier sections). */
  alreadyPending: number;
  /** Pending after it, as the inbox counts them. */
  totalPending: number;
  sets: number;
  items: number;
  writeMs: number;
  firstTaskTitle: string;
}

/**
 * Many open change sets across many seeded tasks (older than any other set, so they lead
 * the inbox), written directly in the builder's shape. Their categories are allowed, so
 * confirming one applies it.
 */
async function seedPendingProposals(options: {
  totalPending: number;
  itemsPerTask: number;
}): Promise<PendingSeedReport> {
  const db = getDatabase();
  const deviceId = await getDeviceId(db);
  // Earlier sections leave a few proposals pending; top up to exactly `totalPending`.
  const alreadyPending = await countPendingItems(db);
  const needed = Math.max(0, options.totalPending - alreadyPending);
  const taskCount = Math.ceil(needed / options.itemsPerTask);
  await allowCategories(
    db,
    (await db.categories.toArray()).map((category) => category.id),
  );
  const withOpenSets = new Set(
    (await db.changeSets.where('status').anyOf(['pending', 'partiallyResolved']).toArray()).map(
      (set) => set.taskId,
    ),
  );
  const candidates = (await db.tasks.toArray()).filter(
    (task) =>
      task.deletedAt === undefined &&
      task.categoryId !== undefined &&
      ACTIVE_STATUSES.has(task.status) &&
      !withOpenSets.has(task.id) &&
      !task.id.startsWith('sample-'),
  );
  if (candidates.length < taskCount)
    throw new Error(`only ${candidates.length} tasks can take proposals, ${taskCount} needed`);
  const now = Date.now();
  const expiresAt = new Date(now + 7 * DAY_MS).toISOString();
  const sets: ChangeSet[] = candidates.slice(0, taskCount).map((task, index) => {
    const createdAt = new Date(now - 2 * 3_600_000 + index * 1_000).toISOString();
    const groupId = `bench-seed-${index}`;
    return changeSetSchema.parse({
      id: crypto.randomUUID(),
      agentId: DEFAULT_AGENT_ID,
      taskId: task.id,
      runKey: `bench-seed:${index}`,
      status: 'pending',
      items: proposalsFor(
        task,
        Math.min(options.itemsPerTask, needed - index * options.itemsPerTask),
      ).map((proposal) => pendingItem(task, proposal, groupId)),
      createdAt,
      updatedAt: createdAt,
      rev: 1,
      vectorClock: { [deviceId]: 1 },
      expiresAt,
    });
  });
  const started = performance.now();
  for (let index = 0; index < sets.length; index += 250) {
    const chunk = sets.slice(index, index + 250);
    await db.transaction('rw', db.changeSets, () => db.changeSets.bulkPut(chunk));
  }
  const firstTask = candidates[0]!;
  return {
    alreadyPending,
    totalPending: await countPendingItems(db),
    sets: sets.length,
    items: sets.reduce((sum, set) => sum + set.items.length, 0),
    writeMs: performance.now() - started,
    firstTaskTitle: firstTask.title,
  };
}

export interface PendingQuerySamples {
  /** listPendingGroups: what the Review inbox's live query runs on every change-set write. */
  listMs: number[];
  /** countPendingItems: the navigation badge's live query (on every page). */
  countMs: number[];
  pending: number;
}

/** The two live queries a confirmation in the inbox re-runs, timed on their own. */
async function measurePendingQueries(options: {
  repetitions: number;
}): Promise<PendingQuerySamples> {
  const db = getDatabase();
  const samples: PendingQuerySamples = { listMs: [], countMs: [], pending: 0 };
  for (let index = 0; index < options.repetitions + 1; index++) {
    const listMs = await timed(() => listPendingGroups(db));
    const countMs = await timed(async () => {
      samples.pending = await countPendingItems(db);
    });
    if (index === 0) continue; // warm-up
    samples.listMs.push(listMs);
    samples.countMs.push(countMs);
  }
  return samples;
}

/** The status of the item behind an inbox row key (`changeSetId:itemIndex`). */
async function reviewItemStatus(key: string): Promise<string | undefined> {
  const at = key.lastIndexOf(':');
  const set = await getDatabase().changeSets.get(key.slice(0, at));
  return set?.items[Number(key.slice(at + 1))]?.status;
}

/* ------------------------------------------------------------------------------------------ */

export interface CountersignBench {
  seedJournal: typeof seedJournal;
  measureTaskEdits: typeof measureTaskEdits;
  measureChecklistBatch: typeof measureChecklistBatch;
  measureFieldUpdates: typeof measureFieldUpdates;
  measureWakeOverhead: typeof measureWakeOverhead;
  prepareDemoWake: typeof prepareDemoWake;
  resetDemoTask: typeof resetDemoTask;
  wakeThroughWorker: typeof wakeThroughWorker;
  observeIdle: typeof observeIdle;
  measureConfirmAll: typeof measureConfirmAll;
  seedPendingProposals: typeof seedPendingProposals;
  measurePendingQueries: typeof measurePendingQueries;
  reviewItemStatus: typeof reviewItemStatus;
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
    measureWakeOverhead,
    prepareDemoWake,
    resetDemoTask,
    wakeThroughWorker,
    observeIdle,
    measureConfirmAll,
    seedPendingProposals,
    measurePendingQueries,
    reviewItemStatus,
  };
}
