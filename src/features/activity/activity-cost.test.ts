/**
 * Activity's first page costs the same on a journal ten times as long: the IndexedDB
 * requests and the rows they return (counted by a Dexie middleware) are equal for a trail
 * of 2,000 messages with 300 decisions from another device and for one of 20,000 with
 * 3,000, unfiltered, by device and by source and period. Rows a filter walks by cursor
 * are not counted by the middleware: the walk's budget (50 rows per row shown) bounds them.
 * The times (fake IndexedDB, median of three) are printed as figures, never asserted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countRequests, type Counts } from '../../../test/support/count-requests';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { listAuditPage, type AuditFilter } from '../../db/queries/activity-audit';
import type { AuditMessage } from '../../domain/audit';
import type { Decision } from '../../domain/change-set';
import { activityItems } from './fold-activity';

const TABLET = 'tablet-4f2a9c';
const BASE = Date.parse('2026-01-01T00:00:00.000Z');
const opened: CountersignDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.delete()));
});

function message(index: number): AuditMessage {
  const action = index % 2 === 0;
  return {
    id: `message-${String(index).padStart(6, '0')}`,
    kind: action ? 'action' : 'toolResult',
    toolName: 'update_task_priority',
    operationId: `operation-${Math.floor(index / 2)}`,
    source: 'user',
    summary: `Message ${index}`,
    ...(action ? {} : { outcome: 'success' as const }),
    payload: {},
    createdAt: new Date(BASE + index * 1_000).toISOString(),
  };
}

function decision(index: number): Decision {
  const at = new Date(BASE + index * 7_000 + 500).toISOString();
  return {
    id: `decision-${index}`,
    changeSetId: `set-${index}`,
    taskId: `task-${index % 40}`,
    itemIndex: 0,
    toolName: 'update_task_priority',
    args: { priority: 'P1' },
    fingerprint: `fingerprint-${index}`,
    humanSummary: 'Set priority to P1',
    verdict: 'confirmed',
    actor: 'user',
    method: 'swipe',
    decidedAt: at,
    deviceId: TABLET,
    createdAt: at,
    updatedAt: at,
    rev: 1,
    vectorClock: { [TABLET]: 1 },
  };
}

async function journal(messages: number, decisions: number) {
  const db = createTestDatabase();
  opened.push(db);
  await db.settings.put({ key: 'deviceId', value: 'laptop-1' });
  await db.auditMessages.bulkAdd(Array.from({ length: messages }, (_, index) => message(index)));
  await db.decisions.bulkAdd(Array.from({ length: decisions }, (_, index) => decision(index)));
  return db;
}

/** What the first page asks of IndexedDB, in a form two journals can be compared by. */
const shape = (counts: Counts) => ({
  requests: Object.fromEntries(counts.requests),
  rowsQueried: Object.fromEntries(counts.rowsQueried),
  readonly: counts.readonly,
});

async function firstPage(db: CountersignDatabase, filter: AuditFilter) {
  const counter = countRequests(db);
  const { value, counts } = await counter.count(() => listAuditPage(db, filter, 100));
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    activityItems(await listAuditPage(db, filter, 100));
    times.push(performance.now() - started);
  }
  return { page: value, shape: shape(counts), ms: times.sort((a, b) => a - b)[1]! };
}

describe('Activity on a long journal', () => {
  it.each([
    ['unfiltered', {}],
    ['one device', { device: TABLET }],
    ['confirmed, last 30 days', { source: 'confirmation', since: '2026-01-01T00:00:00.000Z' }],
  ] as const)(
    'reads the same for the first page at 10× (%s)',
    { timeout: 120_000 },
    async (name, filter) => {
      const oneX = await firstPage(await journal(2_000, 300), filter);
      const tenX = await firstPage(await journal(20_000, 3_000), filter);
      console.info(
        `Activity first page (${name}): ${oneX.ms.toFixed(1)} ms at 1× (2,000 messages, 300 decisions from another device), ${tenX.ms.toFixed(1)} ms at 10×`,
      );
      expect(tenX.page.decisions.length + tenX.page.messages.length).toBeGreaterThan(0);
      expect(tenX.shape).toEqual(oneX.shape);
    },
  );
});
