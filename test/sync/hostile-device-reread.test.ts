// @vitest-environment node
/**
 * Quarantine is not final. A device that quarantined a message under an earlier
 * version of the app, when only an excerpt was kept, reads it back from the real
 * nats-server by its subject after an update (the app's runtime at a new version), through
 * the same open step as the feed, applies it without moving its cursor, and counts it.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import type { SyncRuntimeOptions } from '../../src/sync/runtime/sync-runtime';
import { createTestDatabase, userWrite } from '../support/test-database';
import { liveServer } from './live-server';
import { startAliceRuntime, untilConnected, waitFor } from './sync-fixtures';

const server = liveServer();

async function connected(db: CountersignDatabase, options: SyncRuntimeOptions = {}) {
  const runtime = startAliceRuntime(db, server.url(), options);
  await untilConnected(db);
  return runtime;
}

describe('a message quarantined by an earlier version', () => {
  it('is read back from the server after an update, applied and counted', async () => {
    const laptop = createTestDatabase();
    const tablet = createTestDatabase();
    server.keep(await connected(laptop));
    const oldVersion = await connected(tablet, { appVersion: '1.0' });
    const suffix = crypto.randomUUID().slice(0, 8);
    const taskId = (await userWrite(laptop, 'create_task', { title: `Read again ${suffix}` })).data!
      .taskId as string;
    await waitFor(() => tablet.tasks.get(taskId), 15_000, 'the task to arrive');
    // The laptop's newest journal operation here: the new task.
    const applied = (await tablet.syncApplied.toArray())
      .sort((left, right) => left.seq - right.seq)
      .filter((row) => row.kind === 'journal')
      .at(-1)!;
    const cursor = (await tablet.syncState.get('cursor'))?.value;
    expect(Number(cursor)).toBeGreaterThanOrEqual(applied.seq);

    // As the earlier version left it: not applied, quarantined with an excerpt only.
    await oldVersion.stop();
    await tablet.transaction('rw', [tablet.tasks, tablet.syncApplied, tablet.syncQuarantine], () =>
      Promise.all([
        tablet.tasks.delete(taskId),
        tablet.syncApplied.delete(applied.operationId),
        tablet.syncQuarantine.put({
          seq: applied.seq,
          subject: `cs.alice.ops.${applied.operationId}`,
          reason: 'Not applied: a format this version cannot read.',
          bytes: 500,
          excerpt: '{"v":1',
          receivedAt: new Date().toISOString(),
        }),
      ]),
    );

    server.keep(await connected(tablet, { appVersion: '1.1' }));
    await waitFor(() => tablet.tasks.get(taskId), 15_000, 'the task read again');
    expect(await tablet.syncQuarantine.count()).toBe(0);
    expect(await tablet.syncState.get('quarantineReread')).toMatchObject({
      value: { appVersion: '1.1', reread: 1, landed: 1 },
    });
    // Read again beside the feed, never by moving its cursor back.
    expect(Number((await tablet.syncState.get('cursor'))?.value)).toBeGreaterThanOrEqual(
      Number(cursor),
    );
  });
});
