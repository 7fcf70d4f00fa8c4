// @vitest-environment node
/**
 * The schedule's period is reviewed once, whole, across a crash (decisions/0014), against
 * a real nats-server: an agent device (the CLI, as a service runs it) claims the day's
 * period, wakes the first of three open tasks, and is killed (SIGKILL) in the second wake.
 * Once its lease has run out by the server's clock, two agent devices race to take the
 * period over: exactly one resumes it and wakes the two tasks not yet woken for it, each
 * once; the other says who runs it, then that it is done.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { saveSchedule } from '../../src/dispatcher/agent-choices';
import { allowAgentCategories, createTask, userWrite } from '../support/test-database';
import {
  agentChangeSets,
  aliceJournal,
  caughtUp,
  runCli,
  scriptedModel,
  serverWithDevice,
  startTestDevice,
  wakesIn,
  type Logged,
} from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const journal = serverWithDevice();
const url = () => journal.url();
const stateDir = tempStateDirs('countersign-agent-schedule-resume-');
const LEASE_MS = 6_000;

const named = (events: Logged[], event: string) => events.filter((each) => each.event === event);

/**
 * The scripted model over HTTP: it answers the first wake whole (a proposal, then the
 * report) and takes the next wake's first request without ever answering it.
 */
async function modelThatHangsOnTheSecondWake(): Promise<{
  baseURL: string;
  server: Server;
  hanging: () => boolean;
}> {
  let wakes = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const parsed = JSON.parse(body) as { messages?: { role: string }[] };
      if (!parsed.messages?.some((message) => message.role === 'tool')) wakes += 1;
      if (wakes >= 2) return;
      void scriptedModel('http://model', { method: 'POST', body }).then(async (answer) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, server, hanging: () => wakes >= 2 };
}

it('resumes a crashed holder’s period once it has run out, waking only the tasks not yet woken for it, once', async () => {
  const laptop = journal.db();
  const category = await userWrite(laptop, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  await allowAgentCategories(laptop, [categoryId]);
  const tasks = [
    await createTask(laptop, 'Fix the Safari logout', { categoryId }),
    await createTask(laptop, 'Renew the certificate', { categoryId }),
    await createTask(laptop, 'Answer the auditor', { categoryId }),
  ];
  // Due now by the real clock (the CLI reads no other): this minute, in UTC. Saved before
  // the holder starts, so that everything it catches up with is history, never an edit.
  const now = new Date();
  await saveSchedule(laptop, {
    enabled: true,
    time: now.toISOString().slice(11, 16),
    timeZone: 'UTC',
    since: new Date(now.getTime() - 120_000).toISOString(),
  });
  await waitFor(async () => (await laptop.outbox.count()) === 0 || undefined, 20_000, 'sent');

  const model = await modelThatHangsOnTheSecondWake();
  const holder = runCli([
    ...['--server', url(), '--user', 'alice', '--password', 'alice', '--settle', '0.3'],
    ...['--provider', 'openai-compatible', '--base-url', model.baseURL, '--model', 'x'],
    ...['--state', stateDir()],
  ]);
  // Whole lines only: a line may arrive in two chunks.
  let output = '';
  holder.child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const holderEvents = () =>
    output
      .split('\n')
      .slice(0, -1)
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Logged);
  await waitFor(
    () => named(holderEvents(), 'started').length === 1 || undefined,
    60_000,
    'the holder started',
  );
  await waitFor(() => model.hanging() || undefined, 60_000, 'the holder in its second wake');
  // Its lines up to there read (the process's exit may come before the rest of its output).
  await waitFor(
    () => wakesIn(holderEvents()).length === 2 || undefined,
    20_000,
    'the holder’s second wake logged',
  );
  holder.child.kill('SIGKILL');
  await holder.exited;
  model.server.closeAllConnections();
  model.server.close();
  const [fired] = named(holderEvents(), 'schedule-fired');
  expect(fired).toMatchObject({ tasks: 3 });
  const [first] = named(holderEvents(), 'wake-ended');
  expect(named(holderEvents(), 'wake-ended')).toHaveLength(1);
  expect(wakesIn(holderEvents()).map((each) => each.why)).toEqual(['scheduled', 'scheduled']);
  const others = tasks.filter((taskId) => taskId !== first!.taskId);

  // Two agent devices start at once and race to resume the period.
  const [b, c] = await Promise.all([
    startTestDevice(aliceJournal(url()), stateDir(), { leaseMs: LEASE_MS }),
    startTestDevice(aliceJournal(url()), stateDir(), { leaseMs: LEASE_MS }),
  ]);
  const both = () => [...b.events, ...c.events];
  await waitFor(
    () => named(both(), 'wake-ended').length === 2 || undefined,
    60_000,
    'the two other tasks woken',
  );
  await waitFor(
    () => named(both(), 'schedule-done').length === 1 || undefined,
    20_000,
    'the period done',
  );
  await waitFor(
    () => named(both(), 'schedule-already-fired').length === 1 || undefined,
    30_000,
    'the other device found it done',
  );
  await caughtUp(url(), b.device);
  await caughtUp(url(), c.device);
  expect(named(both(), 'schedule-resumed')).toHaveLength(1);
  expect(named(both(), 'schedule-resumed')[0]).toMatchObject({ period: fired!.period, tasks: 2 });
  expect(named(both(), 'schedule-fired')).toHaveLength(0);
  expect(
    wakesIn(both())
      .map((each) => each.taskId)
      .sort(),
  ).toEqual([...others].sort());
  expect(named(both(), 'wake-ended').map((each) => each.status)).toEqual(['done', 'done']);
  expect(wakesIn(both()).map((each) => each.why)).toEqual(['scheduled', 'scheduled']);
  // Every task was reviewed, and the killed wake left nothing of its own.
  for (const taskId of tasks)
    await waitFor(
      async () => (await agentChangeSets(laptop, taskId)) === 1 || undefined,
      20_000,
      'one change set per task on the laptop',
    );

  // A restart in the period: done on the server, nothing more.
  await b.device.stop();
  const again = await startTestDevice(aliceJournal(url()), stateDir(), { leaseMs: LEASE_MS });
  await waitFor(
    () => named(again.events, 'schedule-already-fired').length === 1 || undefined,
    20_000,
    'a later device found it done',
  );
  expect(wakesIn(again.events)).toHaveLength(0);
  await again.device.stop();
  await c.device.stop();
}, 240_000);
