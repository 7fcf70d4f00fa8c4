// Section 13: the agent device (docs/decisions/0014), with a model that answers at once
// (the e2e suite's scripted OpenAI-compatible server on loopback: turn 1 proposes a
// priority, turn 2 writes the report). A real nats-server; the agent device runs as it is
// deployed, `node scripts/agent-device.mjs` in a process of its own (so its memory is its
// own), with --settle 0 and its throttle off (the figures are what it can do; its
// defaults queue wakes long before that). A laptop and a tablet are the app's sync
// runtime over fake-indexeddb in this process:
//   (a) an entry added on the laptop → the agent device's change set committed on the
//       tablet (the store its Review badge reads), one fresh task per sample;
//   (b) a backlog of wakes on distinct tasks: wakes per minute the device sustains;
//   (c) its memory after each round of wakes from 100 to 1,000 (rounds over the same tasks,
//       each woken by a title edit, so the journal does not grow), after a full collection
//       in its process (memory-probe.mjs): the heap a wake over the last rounds is a slope;
//   (d) one wake of the sample login bug with the same model, in Node (the app's
//       wakeWithDeviceSettings) and in the browser's worker (a fresh profile), interleaved;
//   (e) the wake alone in Node, 1,000 times on one task, its rows trimmed as the device
//       trims them: its heap after a forced collection every 50 wakes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { connect } from '@nats-io/transport-node';
import { startScriptedLlmServer } from '../../e2e/support/scripted-llm-server.mjs';
import { withAppModules } from './app-modules.mjs';
import { launchBrowser, openQuietAppPage } from './browser.mjs';
import { waitFor as waitUntil } from './wait-for.mjs';

/** Every 5 ms: the latency samples are read from it. */
const waitFor = (condition, timeoutMs, what) =>
  waitUntil(what, condition, { timeoutMs, everyMs: 5 });

const MODEL = 'bench-agent-device';
const TURNS = [
  { toolCalls: [{ name: 'update_task_priority', arguments: { priority: 'P0' } }] },
  {
    toolCalls: [
      {
        name: 'update_report',
        arguments: { oneLiner: 'Raised', tldr: 'Raised to P0.', content: 'It blocks work.' },
      },
    ],
  },
];
const SAMPLE_TASK = 'sample-task-login-bug';

/** `npm run agent-device` as a service runs it; its JSON log lines, as they come. */
function startDeviceProcess({ natsUrl, llmUrl, stateDir }) {
  const child = spawn(
    process.execPath,
    [
      ...['--expose-gc', '--import', './scripts/bench/memory-probe.mjs'],
      'scripts/agent-device.mjs',
      ...['--server', natsUrl, '--user', 'alice', '--password', 'alice'],
      ...['--provider', 'openai-compatible', '--base-url', `${llmUrl}/v1`, '--model', MODEL],
      ...['--state', stateDir, '--settle', '0'],
      ...['--task-wake-every', '0', '--wakes-per-minute', '1000000'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const events = [];
  let pending = '';
  let errors = '';
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      try {
        events.push(JSON.parse(line));
      } catch {
        // Not a log line.
      }
    }
  });
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    events,
    errors: () => errors,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    /** Its heap after a full collection in its process, and its RSS then. */
    measure: () =>
      new Promise((resolve) => {
        child.once('message', ({ heapUsed, rss }) =>
          resolve({ heapMb: heapUsed / 1_048_576, rssMb: rss / 1_048_576 }),
        );
        child.send('measure');
      }),
    ended: () => events.filter((event) => event.event === 'wake-ended'),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function measureDevice(load, { natsUrl, llmUrl, latencySamples, backlog, totalWakes }) {
  await import('fake-indexeddb/auto');
  const { CountersignDatabase } = await load('/src/db/database.ts');
  const { startSyncRuntime } = await load('/src/sync/runtime/sync-runtime.ts');
  const { dispatch } = await load('/src/dispatcher/dispatch.ts');
  const write = async (db, tool, args, context = {}) => {
    const result = await dispatch(db, tool, args, { source: 'user', ...context });
    if (!result.success) throw new Error(`${tool} failed: ${result.output}`);
    return result.data;
  };
  const config = {
    url: natsUrl,
    user: 'alice',
    secret: { kind: 'password', password: 'alice' },
    enabled: true,
  };
  const device = async (name) => {
    const db = new CountersignDatabase(`bench-${name}-${crypto.randomUUID()}`);
    const runtime = startSyncRuntime(db, config, { connect });
    await waitFor(
      async () => (await db.syncState.get('status'))?.value?.phase === 'connected',
      30_000,
      `the ${name} connected`,
    );
    return { db, runtime };
  };

  const laptop = await device('laptop');
  const { categoryId } = await write(laptop.db, 'save_category', {
    name: 'Bench',
    color: '#336699',
  });
  await write(laptop.db, 'allow_agent_category', { categoryId, allowed: true });
  const tasks = [];
  for (let index = 0; index < latencySamples + backlog; index++)
    tasks.push(
      (await write(laptop.db, 'create_task', { title: `Bench task ${index}`, categoryId })).taskId,
    );
  await waitFor(async () => (await laptop.db.outbox.count()) === 0, 60_000, 'the tasks sent');

  const stateDir = mkdtempSync(join(tmpdir(), 'countersign-bench-agent-'));
  const agent = startDeviceProcess({ natsUrl, llmUrl, stateDir });
  let tablet;
  try {
    await waitFor(
      () => agent.events.some((event) => event.event === 'sync' && event.phase === 'connected'),
      60_000,
      `the agent device connected (${agent.errors()})`,
    );
    tablet = await device('tablet');
    await waitFor(
      async () => (await tablet.db.tasks.count()) === tasks.length,
      60_000,
      'the tablet caught up',
    );
    const rssAtStart = agent.rssMb();

    // (a) One fresh task per sample: the entry, until the tablet holds the change set.
    const latency = [];
    const wakeMs = [];
    for (const [index, taskId] of tasks.slice(0, latencySamples).entries()) {
      const started = performance.now();
      await write(laptop.db, 'add_journal_entry', { text: `Edit ${index}` }, { taskId });
      await waitFor(
        async () => (await tablet.db.changeSets.where('taskId').equals(taskId).count()) > 0,
        60_000,
        `the change set of sample ${index} on the tablet`,
      );
      latency.push(performance.now() - started);
      const ended = await waitFor(
        () => agent.ended().find((event) => event.taskId === taskId),
        10_000,
        'its wake-ended line',
      );
      if (ended.status !== 'done' || !(ended.proposed > 0))
        throw new Error(`a wake did not propose: ${JSON.stringify(ended)}`);
      wakeMs.push(ended.ms);
    }

    // (b) A backlog: one entry on each of the other tasks, as fast as the laptop writes.
    const backlogTasks = new Set(tasks.slice(latencySamples));
    const before = agent.ended().length;
    for (const taskId of backlogTasks)
      await write(laptop.db, 'add_journal_entry', { text: 'Backlog' }, { taskId });
    await waitFor(() => agent.ended().length - before >= backlogTasks.size, 300_000, 'the backlog');
    const starts = agent.events.filter(
      (event) => event.event === 'wake-started' && backlogTasks.has(event.taskId),
    );
    const ends = agent.ended().filter((event) => backlogTasks.has(event.taskId));
    const spanMs = Date.parse(ends.at(-1).at) - Date.parse(starts[0].at);
    const capacity = {
      wakes: backlogTasks.size,
      spanMs,
      perMinute: (backlogTasks.size / spanMs) * 60_000,
      wakeMs: ends.map((event) => event.ms),
    };

    // (c) Rounds over every task until 1,000 wakes, each woken by a new title (the journal
    // keeps its size): memory after each round from 100 wakes on.
    const memory = [];
    let round = 0;
    while (agent.ended().length < totalWakes) {
      const target = Math.min(agent.ended().length + tasks.length, totalWakes);
      round += 1;
      for (const [index, taskId] of tasks.slice(0, target - agent.ended().length).entries())
        await write(
          laptop.db,
          'set_task_title',
          { title: `Bench task ${index}, round ${round}` },
          { taskId },
        );
      await waitFor(() => agent.ended().length >= target, 600_000, `round ${round}`);
      if (agent.ended().length >= 100)
        memory.push({ wakes: agent.ended().length, ...(await agent.measure()) });
    }
    const failed = agent.ended().filter((event) => event.status !== 'done').length;
    const journalRows = {};
    for (const table of laptop.db.tables) journalRows[table.name] = await table.count();
    return { latency, wakeMs, capacity, memory, rssAtStart, failed, journalRows };
  } finally {
    await agent.stop();
    rmSync(stateDir, { recursive: true, force: true });
    await tablet?.runtime.stop();
    await laptop.runtime.stop();
  }
}

/**
 * (e) The wake alone in this process (no sync), on one task, heap after a forced collection:
 * each wake stores its wake row and audit rows, and the device's window (local-rows.ts)
 * trims them after it, as the device does when idle.
 */
async function measureWakeHeap(load, { llmUrl, totalWakes }) {
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc');
  const db = await sampleJournalWith(load, llmUrl);
  const { wakeWithDeviceSettings } = await load('/src/agent/wake-with-device-settings.ts');
  const { trimLocalRows } = await load('/src/agent-device/local-rows.ts');
  const heapMb = () => {
    collect();
    return process.memoryUsage().heapUsed / 1_048_576;
  };
  const samples = [];
  try {
    for (let wakes = 1; wakes <= totalWakes; wakes++) {
      const outcome = await wakeWithDeviceSettings(db, { taskId: SAMPLE_TASK, reason: 'manual' });
      if (outcome.status !== 'done') throw new Error(`a wake failed: ${JSON.stringify(outcome)}`);
      await trimLocalRows(db, [], 0);
      if (wakes >= 100 && (wakes % 50 === 0 || wakes === totalWakes))
        samples.push({
          wakes,
          heapMb: heapMb(),
          wakeRows: await db.wakes.count(),
          auditRows: await db.auditMessages.count(),
        });
    }
    return samples;
  } finally {
    db.close();
  }
}

/** A store of its own in this process with the sample journal, its agent allowed, the model set. */
async function sampleJournalWith(load, llmUrl) {
  const { CountersignDatabase } = await load('/src/db/database.ts');
  const { dispatch } = await load('/src/dispatcher/dispatch.ts');
  const { buildSampleJournal, SAMPLE_IDS } = await load('/src/domain/sample-journal.ts');
  const { saveProviderSettings } = await load('/src/db/agent-settings.ts');
  const db = new CountersignDatabase(`bench-node-wake-${crypto.randomUUID()}`);
  for (const [tool, args] of [
    ['import_journal', buildSampleJournal()],
    ['allow_agent_category', { categoryId: SAMPLE_IDS.categories.work, allowed: true }],
  ]) {
    const result = await dispatch(db, tool, args, { source: 'user', summary: 'Bench' });
    if (!result.success) throw new Error(`${tool} failed: ${result.output}`);
  }
  await saveProviderSettings(db, providerAt(llmUrl));
  return db;
}

const providerAt = (llmUrl) => ({
  kind: 'openai-compatible',
  baseURL: `${llmUrl}/v1`,
  model: MODEL,
});

/** (d) The same wake of the sample login bug in Node and in the browser's worker. */
async function measureNodeAndWorker(load, { baseUrl, llmUrl, rounds, warmup }) {
  const { removeChangeSets } = await load('/src/db/seed-rows.ts');
  const { wakeWithDeviceSettings } = await load('/src/agent/wake-with-device-settings.ts');
  const provider = providerAt(llmUrl);
  const db = await sampleJournalWith(load, llmUrl);

  const browser = await launchBrowser({ baseUrl });
  try {
    const page = await openQuietAppPage(browser.context);
    await page.evaluate(() => window.__countersignBench.prepareDemoWake());
    await page.evaluate((settings) => window.__countersignBench.chooseProvider(settings), provider);
    const node = [];
    const worker = [];
    for (let index = 0; index < warmup + rounds; index++) {
      await removeChangeSets(db, SAMPLE_TASK);
      const started = performance.now();
      const outcome = await wakeWithDeviceSettings(db, { taskId: SAMPLE_TASK, reason: 'manual' });
      const nodeMs = performance.now() - started;
      if (outcome.status !== 'done' || outcome.proposed === 0)
        throw new Error(`the wake in Node did not propose: ${JSON.stringify(outcome)}`);
      await page.evaluate((taskId) => window.__countersignBench.resetDemoTask(taskId), SAMPLE_TASK);
      const inWorker = await page.evaluate(
        (taskId) => window.__countersignBench.wakeThroughWorker({ taskId, settleMs: 0 }),
        SAMPLE_TASK,
      );
      if (inWorker.outcome.status !== 'done' || inWorker.outcome.proposed === 0)
        throw new Error(
          `the wake in the worker did not propose: ${JSON.stringify(inWorker.outcome)}`,
        );
      if (index < warmup) continue;
      node.push(nodeMs);
      worker.push(inWorker.wakeMs);
    }
    return { node, worker };
  } finally {
    db.close();
    await browser.close();
  }
}

export async function measureAgentDevice({
  baseUrl,
  latencySamples = 20,
  backlog = 40,
  totalWakes = Number(process.env.BENCH_AGENT_DEVICE_WAKES ?? 1_000),
}) {
  const llm = await startScriptedLlmServer();
  llm.setScript(MODEL, TURNS);
  // The server keeps every request it answers: forget them now and then.
  const forget = setInterval(() => llm.setScript(MODEL, TURNS), 10_000);
  try {
    return await withAppModules(async (load) => {
      const { startNatsServer } = await load('/test/support/nats-server.ts');
      const { DEFAULT_THROTTLE } = await load('/src/agent-device/wake-throttle.ts');
      const nats = await startNatsServer();
      try {
        const device = await measureDevice(load, {
          natsUrl: nats.urls[0],
          llmUrl: llm.url,
          latencySamples,
          backlog,
          totalWakes,
        });
        const sameTask = await measureNodeAndWorker(load, {
          baseUrl,
          llmUrl: llm.url,
          rounds: 10,
          warmup: 2,
        });
        const wakeHeap = await measureWakeHeap(load, { llmUrl: llm.url, totalWakes });
        return { ...device, sameTask, wakeHeap, defaultThrottle: DEFAULT_THROTTLE };
      } finally {
        await nats.stop();
      }
    });
  } finally {
    clearInterval(forget);
    await llm.close();
  }
}
