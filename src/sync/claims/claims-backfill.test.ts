import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { NO_KEYS } from '../seal/key-ring';
import { syncSubjects } from '../transport/sync-subjects';
import { backfillClaims } from './claims-backfill';

let db: CountersignDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await db.open();
});
afterEach(() => db.delete());

const subjects = syncSubjects('alice');
const winner = {
  decisionId: 'decision-1',
  verdict: 'confirmed',
  deviceId: 'laptop',
  operationId: 'op-1',
} as const;
const stored: Record<string, { data: Uint8Array; seq: number }> = {
  'cs.alice.decisions.set-1.0': { data: new TextEncoder().encode(JSON.stringify(winner)), seq: 4 },
  'cs.alice.decisions.set-2.1': { data: new TextEncoder().encode('not a claim'), seq: 9 },
};
const asked: string[] = [];
const server = {
  subjectsUnder: async (filter: string) => (asked.push(filter), Object.keys(stored)),
  readLast: async (subject: string) => stored[subject],
};
const deps = () => ({ db, server, subjects, ring: async () => NO_KEYS });

describe('claims a device passed before it kept them', () => {
  it('are read from the server once, the unreadable ones without a winner', async () => {
    asked.length = 0;
    await db.syncState.put({ key: 'cursor', value: 12 });
    await backfillClaims(deps());
    expect(asked).toEqual(['cs.alice.decisions.>']);
    expect(await db.syncClaims.toArray()).toEqual([
      { id: 'set-1.0', seq: 4, winner },
      { id: 'set-2.1', seq: 9 },
    ]);
    await backfillClaims(deps());
    expect(asked).toHaveLength(1);
  });

  it('are not asked for by a device that has passed nothing yet', async () => {
    asked.length = 0;
    await backfillClaims(deps());
    expect(asked).toEqual([]);
    await db.syncState.put({ key: 'cursor', value: 12 });
    await backfillClaims(deps());
    expect(asked).toEqual([]);
  });
});
