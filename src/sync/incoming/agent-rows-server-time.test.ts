import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import type { Observation } from '../../domain/agent';
import { encodeEnvelope, type SyncOperation } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming } from './apply-incoming';

/** When the server stored the message: the same for every device. */
const STORED = '2026-11-27T08:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.parse(STORED) + ms).toISOString();
const FAR = '9999-12-31T00:00:00.000Z';

const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function observation(fields: Partial<Observation>): Observation {
  return {
    id: 'obs-1',
    agentId: 'default-agent',
    taskId: 'task-1',
    text: 'Local words',
    priority: 'normal',
    category: 'general',
    createdAt: STORED,
    updatedAt: STORED,
    rev: 1,
    vectorClock: { here: 1 },
    ...fields,
  };
}

/** Another device's operation, dated 9999, writing `rows` concurrently with this device. */
function message(rows: Observation[]): SyncMessage {
  const operation: SyncOperation = {
    v: 1,
    operationId: 'op-far-future',
    kind: 'report',
    deviceId: 'other',
    vectorClock: { other: 1 },
    time: FAR,
    diffs: rows.map((row) => ({ table: 'observations', id: row.id, before: null, after: row })),
  };
  return {
    seq: 1,
    subject: 'cs.ann.ops.op-far-future',
    kind: 'operation',
    time: STORED,
    data: encodeEnvelope({ ...operation, part: { index: 0, count: 1 } }),
  };
}

/** A receiver whose clock reads `clockAhead` past the server's time, holding obs-1 edited here. */
async function receiver(clockAhead: number) {
  const db = createTestDatabase();
  opened.push(db);
  // This device's own edit, two hours after the server stored the remote one. Both writes
  // count as made at the cap (neither may be later than it): the device id breaks the tie.
  await db.observations.put(
    observation({
      updatedAt: at(2 * HOUR),
      vectorClock: { zed: 1 },
      fieldWrites: { text: { at: at(2 * HOUR), by: 'zed' } },
    }),
  );
  const deps = {
    db,
    deviceId: 'zed',
    now: () => at(clockAhead),
    resolveClaim: async () => {},
  };
  const remote = { vectorClock: { other: 1 }, rev: 1, updatedAt: FAR, createdAt: FAR };
  await applyIncoming(deps, [
    message([
      observation({
        ...remote,
        text: 'Words dated 9999',
        fieldWrites: { text: { at: FAR, by: 'other' } },
      }),
      observation({ ...remote, id: 'obs-2', text: 'New, dated 9999' }),
    ]),
  ]);
  return db;
}

describe("agent rows' far-future times", () => {
  it("are capped at the server's time, so receivers with different clocks decide alike", async () => {
    const soon = await receiver(HOUR);
    const late = await receiver(24 * HOUR);
    for (const db of [soon, late]) {
      // Capped at each receiver's clock, the late one would take the remote words.
      expect(await db.observations.get('obs-1')).toMatchObject({ text: 'Local words' });
      expect((await db.observations.get('obs-2'))?.updatedAt).toBe(at(5 * 60 * 1000));
    }
    expect(await late.observations.toArray()).toEqual(await soon.observations.toArray());
  });
});
