/**
 * Section 7a: what a wake costs apart from the model. runWake with an instant model on a
 * fresh task, against the wake's own reads and writes done directly on a twin task.
 */
import { readPromptEntries } from '../../src/agent/prompt-entries';
import { buildWakeContext, type WakeContext } from '../../src/agent/wake-context';
import { renderContext } from '../../src/agent/render-context';
import { runWake, type WakeOutcome } from '../../src/agent/run-wake';
import { reportId } from '../../src/db/agent-records';
import { getDatabase } from '../../src/db/connection';
import type { CountersignDatabase } from '../../src/db/database';
import { getDeviceId } from '../../src/db/settings';
import { seedChangeSets } from '../../src/db/seed-rows';
import { DEFAULT_AGENT_ID, type Wake } from '../../src/domain/agent';
import { proposalFingerprint } from '../../src/domain/fingerprint';
import { stamp } from '../../test/support/factories';
import { changedRow, createBusyTask, ensureBenchCategory } from './fixtures';
import { WAKE_SCRIPT_PROPOSALS, instantModel, wakeScript } from './instant-model';
import { createRandom } from './random';
import {
  countRequests,
  countTransactions,
  runInOrder,
  timed,
  type RequestCounts,
  type TransactionCounts,
} from './timing';

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
  /** IndexedDB transactions the floor opens (counted on the same round). */
  floorTransactions?: TransactionCounts;
  /** IndexedDB requests of the counted wake, by table and kind. */
  requests?: RequestCounts;
}

/**
 * One wake's storage, done directly and grouped as the wake groups it: the context's reads
 * (the policy's rows, then the task's checklist, entries within the prompt's budget, report,
 * open proposals, decisions and rules, the labels, and the category's record) in one read
 * transaction, the wake record, the turn's proposals (through the seeding
 * helper, so they are stored as the builder stores them), the immediate write (the task's
 * language), and the end (report, observation, ended wake) in one transaction. Five
 * transactions; no ledger, audit or outbox rows: those are what the wake adds to it.
 */
async function wakeStorageFloor(
  db: CountersignDatabase,
  taskId: string,
  deviceId: string,
  promptRows: number,
) {
  return timed(async () => {
    const task = await db.transaction('r', CONTEXT_READS(db), async () => {
      // The policy's rows first, then the context's, each round side by side.
      const [row] = await Promise.all([
        db.tasks.get(taskId),
        db.agents.get(DEFAULT_AGENT_ID),
        db.categories.toArray(),
      ]);
      const categoryId = row?.categoryId ?? '';
      await Promise.all([
        db.checklistItems.where('taskId').equals(taskId).toArray(),
        db.labels.toArray(),
        // The rows the prompt takes, and the one that did not fit.
        newestEntries(db, taskId).reverse().limit(promptRows).toArray(),
        db.reports.get(reportId(DEFAULT_AGENT_ID, taskId)),
        db.changeItems.where('[taskId+status]').equals([taskId, 'pending']).toArray(),
        db.decisions.where('taskId').equals(taskId).toArray(),
        // The agent's record in the category: its newest decisions.
        db.decisions
          .where('[categoryId+decidedAt]')
          .between([categoryId, ''], [categoryId, '\uffff'])
          .reverse()
          .limit(300)
          .toArray(),
        db.rules.where('categoryId').equals(categoryId).toArray(),
      ]);
      return row;
    });
    if (!task) throw new Error(`no task ${taskId}`);
    const now = new Date().toISOString();
    const base = stamp(now, 1, deviceId);
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
      // Pending, as the wake writes them: the inbox tallies grow and the navigation badge
      // reads them again, as after the wake's turn. (Until issue 9's last round the floor
      // wrote them decided, which skips both: a lighter floor than the wake's own rows.)
      status: 'pending' as const,
      fingerprint: proposalFingerprint(toolName, args),
      baseRev: task.rev,
      groupId: 'floor',
    });
    // Through the seeding helper: the floor stores its proposals however the wake would.
    await seedChangeSets(db, [
      {
        id: crypto.randomUUID(),
        agentId: DEFAULT_AGENT_ID,
        taskId,
        runKey: wake.runKey,
        proposedAt: now,
        items: [
          item('set_task_title', { title: `${task.title}, clarified` }, 'Set title'),
          item('update_task_estimate', { minutes: 90 }, 'Set estimate to 90 minutes'),
          ...['Write the migration plan', 'Ask Priya to review', 'Schedule the rollout'].map(
            (title) => item('add_checklist_item', { title }, `Add: "${title}"`),
          ),
        ],
      },
    ]);
    await db.tasks.put(changedRow(task, { languageCode: 'de', languageSource: 'agent' }, deviceId));
    await db.transaction('rw', [db.reports, db.observations, db.wakes], async () => {
      await db.reports.put({
        id: reportId(DEFAULT_AGENT_ID, taskId),
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
  });
}

/** What the wake's context reads (agent/wake-context.ts), in its one read transaction. */
const CONTEXT_READS = (db: CountersignDatabase) => [
  db.tasks,
  db.agents,
  db.categories,
  db.checklistItems,
  db.labels,
  db.entries,
  db.reports,
  db.changeItems,
  db.decisions,
  db.rules,
];

const newestEntries = (db: CountersignDatabase, taskId: string) =>
  db.entries.where('[taskId+createdAt]').between([taskId, ''], [taskId, '\uffff']);

/**
 * Untimed, before the floor: how many of the task's newest entries the wake's prompt reads
 * (those within its budget, and the one that did not fit), so the floor reads as many.
 */
async function promptRowsOf(db: CountersignDatabase, taskId: string): Promise<number> {
  const { entries, olderLeftOut } = await db.transaction('r', db.entries, () =>
    readPromptEntries(db, taskId),
  );
  return entries.length + (olderLeftOut ? 1 : 0);
}

export async function measureWakeOverhead(options: {
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
    const twinPromptRows = await promptRowsOf(db, twin.id);

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
        const counted = await countRequests(db, () => countTransactions(db, wake));
        outcome = counted.value.value;
        samples.transactions = counted.value.counts;
        samples.requests = counted.requests;
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
      if (index === options.warmup - 1) {
        samples.floorTransactions = (
          await countTransactions(db, () => wakeStorageFloor(db, twin.id, deviceId, twinPromptRows))
        ).counts;
        return;
      }
      const ms = await wakeStorageFloor(db, twin.id, deviceId, twinPromptRows);
      if (measuring) samples.floorMs.push(ms);
    };
    await runInOrder(index % 2 === 0, contextAndWake, floor);
  }
  return samples;
}
