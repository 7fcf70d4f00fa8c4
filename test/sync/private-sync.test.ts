// @vitest-environment node
/**
 * An encrypted journal against a real nats-server: two devices holding the same journal
 * key sync through sealed messages, and a raw reader of the stream (what the server's
 * operator has) finds none of the journal's words. A claim retried with fresh bytes still
 * counts as won, and a lost claim names its winner from its sealed content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmItem } from '../../src/confirmation/confirm-item';
import type { CountersignDatabase } from '../../src/db/database';
import type { SyncPushRecord } from '../../src/db/sync-rows';
import { drainOutbox } from '../../src/sync/push/drain-outbox';
import { messagesToSend } from '../../src/sync/push/seal-once';
import { systemClock } from '../../src/sync/push/push-clock';
import { pushOne } from '../../src/sync/push/push-one';
import { createTransportPushTarget } from '../../src/sync/push/transport-push-target';
import { createDexiePushStore } from '../../src/sync/push/dexie-push-store';
import { SyncTransportError } from '../../src/sync/transport/sync-transport-error';
import { outgoingMessages } from '../../src/sync/wire/outgoing-messages';
import { claimBytes, claimDecision, claimSubject } from '../../src/sync/push/decision-claims';
import { deriveJournalKey, newJournalSecret } from '../../src/sync/seal/journal-key';
import { keyRing, type KeyRing } from '../../src/sync/seal/key-ring';
import { open, seal } from '../../src/sync/seal/seal';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { liveServer } from './live-server';
import { rawStream, readable } from './raw-stream';
import { propose } from '../support/proposals';
import { createAgentReadyTask, createTestDatabase, userWrite } from '../support/test-database';
import {
  startAliceRuntime,
  TEST_POLICY,
  userTransport,
  waitFor,
  type TestTransport,
} from './sync-fixtures';

const server = liveServer();

async function start(db: CountersignDatabase, ring: KeyRing) {
  const runtime = server.keep(
    startAliceRuntime(db, server.url(), { journalKeys: () => Promise.resolve(ring) }),
  );
  await waitFor(
    async () =>
      ((await db.syncState.get('status'))?.value as { phase?: string } | undefined)?.phase ===
        'connected' || undefined,
    10_000,
    'connected',
  );
  return runtime;
}

const sent = (db: CountersignDatabase) =>
  waitFor(async () => ((await db.outbox.count()) === 0 ? true : undefined), 15_000, 'sent');

describe('an encrypted journal', () => {
  it('syncs between two devices, and the server holds nothing readable', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const laptop = createTestDatabase();
    const tablet = createTestDatabase();
    await start(laptop, ring);
    await start(tablet, ring);

    const { taskId } = await createAgentReadyTask(laptop);
    await userWrite(
      laptop,
      'set_task_title',
      { title: 'Call the plumber about the boiler' },
      { taskId },
    );
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 95 } },
    ]);
    await sent(laptop);
    await waitFor(
      () => tablet.changeItems.get(`${set.id}:0`),
      15_000,
      'the proposal on the tablet',
    );
    expect((await tablet.tasks.get(taskId))?.title).toBe('Call the plumber about the boiler');

    expect((await confirmItem(tablet, set.id, 0)).status).toBe('applied');
    await sent(tablet);
    await waitFor(
      async () => ((await laptop.tasks.get(taskId))?.estimateMinutes === 95 ? true : undefined),
      15_000,
      'the confirmed estimate on the laptop',
    );
    expect(await tablet.syncQuarantine.count()).toBe(0);
    expect(await laptop.syncQuarantine.count()).toBe(0);

    const messages = await rawStream(server.url());
    expect(messages.some((message) => message.subject.includes('.decisions.'))).toBe(true);
    const words = [
      'plumber',
      'Prepare the demo',
      'Write script',
      'Book room',
      'Urgent',
      'update_task_estimate',
      'estimateMinutes',
      'confirmed',
      'title',
    ];
    for (const message of messages) {
      // A progress report is readable by design and carries nothing: its subject is the
      // device's cursor (decision 0011). Every other body is sealed.
      if (message.subject.includes('.progress.')) expect(message.data.length).toBe(0);
      else expect(message.body[0], message.subject).toBe(0xff);
      const seen = readable(message);
      for (const word of words) expect(seen, message.subject).not.toContain(word);
    }
    // The pushes are done: the sealed copies they kept for retries are gone with them.
    expect((await laptop.syncPushes.toArray()).some((record) => record.sealedMessages)).toBe(false);
  });
});

describe('claims in an encrypted journal', () => {
  let laptop: TestTransport;
  let tablet: TestTransport;
  const subjects = syncSubjects('alice');

  beforeAll(async () => {
    laptop = userTransport(server.urls(), 'alice', { connectionName: 'laptop' });
    tablet = userTransport(server.urls(), 'alice', { connectionName: 'tablet' });
    await laptop.connect();
    await laptop.ensureStream();
    await tablet.connect();
  });

  afterAll(async () => {
    await laptop?.close();
    await tablet?.close();
  });

  const record = (deviceDecision: string, verdict: 'confirmed' | 'rejected', changeSetId: string) =>
    ({
      operationId: `op-${deviceDecision}`,
      sequence: 1,
      state: 'pending',
      attempts: 0,
      updatedAt: 0,
      outboxId: `outbox-${deviceDecision}`,
      kind: 'decision',
      claim: { changeSetId, itemIndex: 0, decisionId: deviceDecision, verdict, round: 0 },
    }) satisfies SyncPushRecord;

  async function sealedClaim(ring: KeyRing, claimed: ReturnType<typeof record>, deviceId: string) {
    const subject = claimSubject(subjects, claimed.claim);
    const bytes = await seal(
      subject,
      ring,
      claimBytes(claimed.claim, deviceId, claimed.operationId),
    );
    return { bytes, subject, ring };
  }

  it('counts a retried claim sealed anew as won: judged on what it says, not its bytes', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const mine = record('decision-tablet-1', 'confirmed', `set-${crypto.randomUUID()}`);
    const first = await sealedClaim(ring, mine, 'tablet');
    expect(await claimDecision(tablet, mine, 'tablet', first)).toEqual({ outcome: 'won' });
    const again = await sealedClaim(ring, mine, 'tablet');
    expect(again.bytes).not.toEqual(first.bytes);
    expect(await claimDecision(tablet, mine, 'tablet', again)).toEqual({ outcome: 'won' });
    const stored = await tablet.readClaim(mine.claim.changeSetId, 0);
    expect(new Uint8Array(stored!.data)).toEqual(first.bytes);
    expect((await open(first.subject, ring, stored!.data)).outcome).toBe('opened');
  });

  it('names the winner of a lost claim from its sealed content', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const changeSetId = `set-${crypto.randomUUID()}`;
    const theirs = record('decision-laptop', 'rejected', changeSetId);
    const mine = record('decision-tablet-2', 'confirmed', changeSetId);
    expect(
      await claimDecision(laptop, theirs, 'laptop', await sealedClaim(ring, theirs, 'laptop')),
    ).toEqual({
      outcome: 'won',
    });
    expect(
      await claimDecision(tablet, mine, 'tablet', await sealedClaim(ring, mine, 'tablet')),
    ).toEqual({
      outcome: 'lost',
      winner: {
        decisionId: 'decision-laptop',
        verdict: 'rejected',
        deviceId: 'laptop',
        operationId: 'op-decision-laptop',
      },
    });
  });
});

describe('a push in an encrypted journal', () => {
  it('sends the bytes it first sealed on every retry', async () => {
    const transport = userTransport(server.urls(), 'alice', { connectionName: 'retrying' });
    await transport.connect();
    await transport.ensureStream();
    try {
      const db = createTestDatabase();
      const operationId = `op-${crypto.randomUUID()}`;
      await db.outbox.add({
        id: crypto.randomUUID(),
        operationId,
        kind: 'journal',
        diffs: [
          {
            table: 'tasks',
            id: 't-retry',
            before: null,
            after: { id: 't-retry', title: 'Boiler' },
          },
        ],
        createdAt: new Date().toISOString(),
      });
      await drainOutbox(db, 0);
      const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
      const sealing = { ring: () => Promise.resolve(ring), subjects: syncSubjects('alice') };
      const sent: Uint8Array[] = [];
      const ids: string[] = [];
      const target = createTransportPushTarget(
        {
          // The first request is lost on the way (uncertain, and not on the server): "did it
          // land?" says no, and the push is sent again.
          publishOperation: async (id, data) => {
            sent.push(data);
            ids.push(id);
            if (sent.length === 1) {
              throw new SyncTransportError('timeout', 'No answer from the server.', true, true);
            }
            return transport.publishOperation(id, data);
          },
          didLand: (id) => transport.didLand(id),
        },
        (id) =>
          messagesToSend(db, sealing, id, (outbox, reserved) =>
            outgoingMessages({ ...outbox, operationId: id }, 'device-a', 512 * 1024 - reserved),
          ),
      );
      const deps = {
        store: createDexiePushStore(db),
        target,
        clock: systemClock,
        policy: TEST_POLICY,
      };
      expect((await pushOne(deps, operationId)).state).toBe('applied');
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual(sent[0]);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[0]).not.toBe(operationId);
      const stored = (await rawStream(server.url())).find(
        (message) => message.subject === `cs.alice.ops.${ids[0]}`,
      );
      expect(new Uint8Array(stored!.data)).toEqual(sent[0]);
      await db.delete();
    } finally {
      await transport.close();
    }
  });
});
