// @vitest-environment node
/**
 * One wake per trigger across agent devices, against a real nats-server: two agent devices
 * on one journal and one synced edit make exactly one wake (the other says who is working
 * on it), and a later edit makes the next one. A holder killed mid-wake (SIGKILL, its model
 * never answering) leaves a claim whose lease runs out by the server's clock; the next edit
 * then wakes once, on the other device, and the killed wake left nothing pending.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { createTask, userWrite } from '../support/test-database';
import {
  agentChangeSets,
  aliceJournal,
  caughtUp,
  runCli,
  startTestDevice,
  wakesIn,
  type Logged,
} from './agent-device-fixtures';
import { userTransport, waitFor } from './sync-fixtures';

const rig = laptopOnNatsServer();
const { url, sent, laptop } = rig;
const stateDir = tempStateDirs('countersign-agent-claims-');
let categoryId: string;

beforeAll(async () => {
  categoryId = await rig.allowedCategory();
});

const ended = (events: Logged[]) => events.filter((each) => each.event === 'wake-ended');
const notStarted = (events: Logged[]) => events.filter((each) => each.event === 'wake-not-started');

it('makes one wake of one synced edit on two agent devices, and the next of a later edit', async () => {
  const taskId = await createTask(laptop(), 'Fix the Safari logout', { categoryId });
  // The journal before they joined is history, never a trigger: on the server first.
  await sent();
  const first = await startTestDevice(aliceJournal(url()), stateDir());
  const second = await startTestDevice(aliceJournal(url()), stateDir());
  const both = () => [...first.events, ...second.events];

  await userWrite(laptop(), 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });
  await waitFor(() => ended(both()).length === 1 || undefined, 20_000, 'one wake ended');
  await waitFor(() => notStarted(both()).length === 1 || undefined, 20_000, 'one wake declined');
  await caughtUp(url(), first.device);
  await caughtUp(url(), second.device);
  expect(wakesIn(both())).toHaveLength(1);
  const [declined] = notStarted(both());
  const woke = wakesIn(first.events).length === 1 ? first : second;
  expect(declined).toMatchObject({ taskId, holder: woke.device.deviceId });
  expect(String(declined!.message)).toMatch(
    new RegExp(
      `^The agent on (Computer ${woke.device.deviceId.slice(0, 4)}|another device) (is working on this|already woke on this edit)\\.$`,
    ),
  );
  await waitFor(
    async () => (await agentChangeSets(laptop(), taskId)) === 1 || undefined,
    20_000,
    'one change set on the laptop',
  );

  await userWrite(laptop(), 'add_journal_entry', { text: 'Also on the iPad.' }, { taskId });
  await waitFor(() => ended(both()).length === 2 || undefined, 20_000, 'the next wake ended');
  await caughtUp(url(), first.device);
  await caughtUp(url(), second.device);
  expect(wakesIn(both())).toHaveLength(2);
  expect(notStarted(both())).toHaveLength(2);
  await first.device.stop();
  await second.device.stop();
}, 120_000);

/** A model that takes the request and never answers: the holder is mid-wake until killed. */
async function silentModel(): Promise<{ baseURL: string; server: Server }> {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, server: silent };
}

it('lets a killed holder’s claim run out by the server’s clock; the next edit wakes once', async () => {
  const taskId = await createTask(laptop(), 'Renew the certificate', { categoryId });
  await sent();
  const model = await silentModel();
  const holder = runCli([
    ...['--server', url(), '--user', 'alice', '--password', 'alice', '--settle', '0.3'],
    ...['--provider', 'openai-compatible', '--base-url', model.baseURL, '--model', 'x'],
    ...['--state', stateDir()],
  ]);
  const logged = (event: string) => holder.out.some((line) => line.includes(`"event":"${event}"`));
  await waitFor(() => logged('started') || undefined, 30_000, 'the holder started');
  await userWrite(laptop(), 'add_journal_entry', { text: 'Crash while working.' }, { taskId });
  await waitFor(() => logged('wake-started') || undefined, 30_000, 'the holder waking');
  holder.child.kill('SIGKILL');
  await holder.exited;
  model.server.closeAllConnections();
  model.server.close();

  const LEASE_MS = 1_500;
  const other = await startTestDevice(aliceJournal(url()), stateDir(), { leaseMs: LEASE_MS });
  await caughtUp(url(), other.device);
  // Until the server's clock has passed the killed holder's lease (no device clock asked).
  const observer = userTransport(url(), 'alice');
  await observer.connect();
  try {
    await waitFor(
      async () => {
        const claim = await observer.readLastStamped('cs.alice.claim.>');
        const clock = `cs.alice.clock.${crypto.randomUUID()}`;
        await observer.publishNew(clock, new Uint8Array());
        const now = await observer.readLastStamped(clock);
        return (claim && now && now.serverMs - claim.serverMs >= LEASE_MS) || undefined;
      },
      20_000,
      'the killed holder’s lease ran out',
    );
  } finally {
    await observer.close();
  }

  await userWrite(laptop(), 'add_journal_entry', { text: 'After the crash.' }, { taskId });
  await waitFor(() => ended(other.events).length === 1 || undefined, 20_000, 'the next wake');
  await caughtUp(url(), other.device);
  expect(wakesIn(other.events)).toHaveLength(1);
  expect(ended(other.events)[0]).toMatchObject({ taskId, status: 'done' });
  expect(notStarted(other.events)).toEqual([]);
  // The killed wake proposed nothing: the only change set is the one that finished.
  await waitFor(
    async () => (await agentChangeSets(laptop(), taskId)) === 1 || undefined,
    20_000,
    'the finished wake’s change set on the laptop',
  );
  await other.device.stop();
}, 120_000);
