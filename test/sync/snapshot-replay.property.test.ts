/**
 * A snapshot at S and the operations after it give the same journal as replaying every
 * operation: random histories of one device's writes, published as the outbox publishes
 * them, applied on three other devices (full replay; a writer that takes a snapshot at a
 * random cut; a new device that loads it and follows the rest). fake-indexeddb.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { keepOutbox } from '../../src/db/sync-settings';
import { JOURNAL_TABLES } from '../../src/domain/journal';
import { applyIncoming } from '../../src/sync/incoming/apply-incoming';
import { NO_KEYS } from '../../src/sync/seal/key-ring';
import { loadSnapshot } from '../../src/sync/snapshot/load-snapshot';
import { readSnapshotRows } from '../../src/sync/snapshot/snapshot-rows';
import { writeSnapshot } from '../../src/sync/snapshot/write-snapshot';
import type { SyncMessage } from '../../src/sync/transport/sync-transport';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { outgoingMessages } from '../../src/sync/wire/outgoing-messages';
import { verifyWritten } from '../support/snapshots';
import { createTask, createTestDatabase, userWrite } from '../support/test-database';

const subjects = syncSubjects('alice');
const NOW = '2026-11-27T08:00:00.000Z';

type Action =
  | { kind: 'create'; title: string }
  | { kind: 'priority'; task: number; priority: 'P0' | 'P1' | 'P2' | 'P3' }
  | { kind: 'estimate'; task: number; minutes: number }
  | { kind: 'entry'; task: number; text: string }
  | { kind: 'delete'; task: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    title: fc.string({ minLength: 1, maxLength: 20 }),
  }),
  fc.record({
    kind: fc.constant('priority' as const),
    task: fc.nat(4),
    priority: fc.constantFrom('P0', 'P1', 'P2', 'P3'),
  }),
  fc.record({
    kind: fc.constant('estimate' as const),
    task: fc.nat(4),
    minutes: fc.integer({ min: 1, max: 600 }),
  }),
  fc.record({
    kind: fc.constant('entry' as const),
    task: fc.nat(4),
    text: fc.string({ minLength: 1, maxLength: 30 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), task: fc.nat(4) }),
);

async function write(db: CountersignDatabase, taskIds: string[], step: Action): Promise<void> {
  if (step.kind === 'create') {
    const title = step.title.trim() || 'Untitled';
    taskIds.push(await createTask(db, title));
    return;
  }
  const taskId = taskIds[step.task % taskIds.length]!;
  const task = await db.tasks.get(taskId);
  if (!task || task.deletedAt !== undefined) return;
  const context = { taskId };
  if (step.kind === 'priority')
    await userWrite(db, 'update_task_priority', { priority: step.priority }, context);
  if (step.kind === 'estimate')
    await userWrite(db, 'update_task_estimate', { minutes: step.minutes }, context);
  if (step.kind === 'entry') {
    const text = step.text.trim() || 'Note';
    await userWrite(db, 'add_journal_entry', { text }, context);
  }
  if (step.kind === 'delete') await userWrite(db, 'delete_task', {}, context);
}

/** The author's outbox as the stream holds it: each part one message, in order. */
async function streamOf(author: CountersignDatabase): Promise<SyncMessage[]> {
  const rows = await author.outbox.orderBy('createdAt').toArray();
  const messages = rows.flatMap((row) => outgoingMessages(row, 'laptop'));
  return messages.map((message, index) => ({
    seq: index + 1,
    subject: subjects.operation(message.messageId),
    kind: 'operation' as const,
    data: message.data,
  }));
}

const incoming = (db: CountersignDatabase, deviceId: string) => ({
  db,
  deviceId,
  now: () => NOW,
  resolveClaim: async () => undefined,
});

async function journalOf(db: CountersignDatabase) {
  const contents = await Promise.all(JOURNAL_TABLES.map((name) => db.table(name).toArray()));
  return Object.fromEntries(JOURNAL_TABLES.map((name, index) => [name, contents[index]]));
}

describe('a snapshot and the operations after it', () => {
  it('give the same journal as a full replay (200 seeded histories)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (steps, cutAt) => {
          const author = createTestDatabase();
          const replayed = createTestDatabase();
          const writer = createTestDatabase();
          const joiner = createTestDatabase();
          try {
            await keepOutbox(author);
            const taskIds = [await createTask(author, 'First')];
            for (const step of steps) await write(author, taskIds, step);
            const stream = await streamOf(author);
            const cut = Math.floor(cutAt * stream.length);

            await applyIncoming(incoming(replayed, 'replayed'), stream);
            await applyIncoming(incoming(writer, 'writer'), stream.slice(0, cut));
            const read = await readSnapshotRows(writer);
            if (!read.ok) throw new Error(read.reason);
            expect(read.sequence).toBe(cut);
            const written = await writeSnapshot(subjects, NO_KEYS, {
              sequence: read.sequence,
              writer: 'tok-writer',
              deviceId: 'writer',
              time: NOW,
              rows: read.rows,
            });
            const verified = await verifyWritten(subjects, NO_KEYS, written);
            const loaded = await loadSnapshot(
              { db: joiner, deviceId: 'joiner', now: () => NOW, rowsPerStep: 3 },
              verified.manifest,
              verified.operation,
            );
            expect(loaded.ok).toBe(true);
            await applyIncoming(incoming(joiner, 'joiner'), stream);

            expect(await journalOf(joiner)).toEqual(await journalOf(replayed));
          } finally {
            await Promise.all([author, replayed, writer, joiner].map((db) => db.delete()));
          }
        },
      ),
      { numRuns: 200, seed: 20261127, endOnFailure: true },
    );
  }, 300_000);
});
