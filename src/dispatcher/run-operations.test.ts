import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { countRequests, type RequestCounter } from '../../test/support/count-requests';
import { createTask, createTestDatabase } from '../../test/support/test-database';
import { keepOutbox } from '../db/sync-settings';
import { runOperation, runOperations, type Operation } from './run-operations';

let db: CountersignDatabase;
let counter: RequestCounter;
let taskId: string;
beforeEach(async () => {
  db = createTestDatabase();
  counter = countRequests(db);
  await keepOutbox(db);
  taskId = await createTask(db);
});
afterEach(async () => {
  await db.delete();
});

const estimate = (minutes: number, runKey = `test:${crypto.randomUUID()}`) => ({
  toolName: 'update_task_estimate',
  args: { minutes },
  context: { source: 'user' as const, taskId, operationKey: runKey },
});

const auditOf = (operationId: string) =>
  db.auditMessages.where('operationId').equals(operationId).sortBy('createdAt');

/** A follow-up that writes a setting the test can look for, and names it in the outbox. */
const noteSetting =
  (key: string): Operation<string, string>['followUp'] =>
  async (applied) => {
    await db.settings.put({ key, value: applied?.operationId ?? 'no call' });
    return {
      value: key,
      diffs: [{ table: 'settings', id: key, before: null, after: { key } }],
      claim: { changeSetId: 'set', itemIndex: 0, decisionId: key, verdict: 'confirmed' },
    };
  };

describe('runStep: the dispatcher’s transaction with the caller’s writes', () => {
  it('commits the call, the caller’s follow-up and one outbox row with both', async () => {
    const outcome = await runOperation(
      db,
      { call: estimate(25), kind: 'decision', followUp: noteSetting('followed') },
      { tables: ['settings'] },
    );
    expect(outcome).toMatchObject({ kind: 'done', value: 'followed' });
    const operationId = outcome.kind === 'done' ? outcome.result!.operationId : '';
    expect((await db.tasks.get(taskId))?.estimateMinutes).toBe(25);
    expect((await db.settings.get('followed'))?.value).toBe(operationId);
    const [row] = (await db.outbox.toArray()).filter(
      (candidate) => candidate.operationId === operationId,
    );
    expect(row).toMatchObject({ kind: 'decision', claim: { decisionId: 'followed' } });
    expect(row!.diffs.map((diff) => diff.table)).toEqual(['tasks', 'settings']);
    expect((await auditOf(operationId)).map((message) => message.kind)).toEqual([
      'action',
      'toolResult',
    ]);
  });

  it('writes nothing when the guard refuses, and says why', async () => {
    const outcome = await runOperation(
      db,
      { call: estimate(25), guard: async () => 'already decided', followUp: noteSetting('x') },
      { tables: ['settings'] },
    );
    expect(outcome).toEqual({ kind: 'refused', refusal: 'already decided' });
    expect((await db.tasks.get(taskId))?.estimateMinutes).toBeUndefined();
    expect(await db.settings.get('x')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1); // create_task's only
    expect(
      (await db.auditMessages.toArray()).filter((row) => row.toolName === 'update_task_estimate'),
    ).toHaveLength(0);
  });

  it('rolls the follow-up back with a call that fails, and audits the failure', async () => {
    const outcome = await runOperation(
      db,
      {
        call: { ...estimate(25), context: { ...estimate(25).context, taskId: 'no-such-task' } },
        followUp: noteSetting('never'),
      },
      { tables: ['settings'] },
    );
    expect(outcome.kind).toBe('failed');
    const result = outcome.kind === 'failed' ? outcome.result : undefined;
    expect(result).toMatchObject({ success: false, nonRetryable: true });
    expect(await db.settings.get('never')).toBeUndefined();
    expect((await auditOf(result!.operationId)).map((message) => message.outcome)).toEqual([
      undefined,
      'failure',
    ]);
  });

  it('rolls the call back with a follow-up that fails, and audits it as a storage failure', async () => {
    const outcome = await runOperation(
      db,
      {
        call: estimate(25),
        followUp: async () => {
          throw new Error('disk on fire');
        },
      },
      { tables: ['settings'] },
    );
    expect(outcome.kind).toBe('failed');
    expect((await db.tasks.get(taskId))?.estimateMinutes).toBeUndefined();
    const result = outcome.kind === 'failed' ? outcome.result : undefined;
    const audit = await auditOf(result!.operationId);
    expect(audit.map((message) => [message.kind, message.outcome])).toEqual([
      ['action', undefined],
      ['toolResult', 'failure'],
    ]);
    expect(audit[1]!.summary).toMatch(/could not/i);
  });

  it('runs a step without a call: the follow-up alone, its operation named by its operation key', async () => {
    const outcome = await runOperation(
      db,
      { operationKey: 'reject:item', kind: 'decision', followUp: noteSetting('rejected') },
      { tables: ['settings'] },
    );
    expect(outcome).toMatchObject({ kind: 'done', result: undefined, value: 'rejected' });
    const rows = (await db.outbox.toArray()).filter((row) => row.kind === 'decision');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.operationId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with ownRowsOnly, spans only the caller’s tables and the bookkeeping, and still commits its outbox row', async () => {
    const { value: outcome, counts } = await counter.count(() =>
      runOperation(
        db,
        { operationKey: 'wake:end', kind: 'report', followUp: noteSetting('ended') },
        { tables: ['settings'], ownRowsOnly: true },
      ),
    );
    expect(outcome).toMatchObject({ kind: 'done', value: 'ended' });
    // Not the journal or the inbox: a reader of either (the badge) never holds it up.
    expect(counts.readwriteScopes).toEqual([['auditMessages', 'mutations', 'outbox', 'settings']]);
    expect((await db.outbox.toArray()).filter((row) => row.kind === 'report')).toHaveLength(1);
  });

  it('with ownRowsOnly, refuses a step that applies a call, and writes nothing', async () => {
    const outboxBefore = await db.outbox.count();
    const outcome = await runOperation(
      db,
      { call: estimate(25), followUp: noteSetting('never') },
      { tables: ['settings'], ownRowsOnly: true },
    );
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.result.output).toMatch(/ownRowsOnly/);
    expect((await db.tasks.get(taskId))?.estimateMinutes).toBeUndefined();
    expect(await db.settings.get('never')).toBeUndefined();
    expect(await db.outbox.count()).toBe(outboxBefore);
  });
});

describe('runSteps: many steps in one transaction', () => {
  it('applies them all in one readwrite transaction, each with its follow-up', async () => {
    const transaction = vi.spyOn(db, 'transaction');
    const outcomes = await runOperations(
      db,
      [15, 30, 45].map((minutes) => ({
        call: estimate(minutes),
        followUp: noteSetting(`after-${minutes}`),
      })),
      { tables: ['settings'] },
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'done', 'done']);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect((await db.tasks.get(taskId))?.estimateMinutes).toBe(45);
    expect(
      (await db.settings.toArray()).filter((row) => row.key.startsWith('after-')),
    ).toHaveLength(3);
    expect(
      (await db.mutations.toArray()).filter((row) => row.toolName === 'update_task_estimate')
        .length,
    ).toBe(3);
  });

  it('when one step throws, the rest still apply once each, and the bad one fails alone', async () => {
    const transaction = vi.spyOn(db, 'transaction');
    const outcomes = await runOperations(
      db,
      [
        { call: estimate(15), followUp: noteSetting('first') },
        {
          call: { ...estimate(30), context: { ...estimate(30).context, taskId: 'gone' } },
          followUp: noteSetting('second'),
        },
        { call: estimate(45), followUp: noteSetting('third') },
      ],
      { tables: ['settings'] },
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'failed', 'done']);
    // The shared transaction aborted, then each ran in its own.
    expect(transaction).toHaveBeenCalledTimes(4);
    expect(
      (await db.mutations.toArray()).filter((row) => row.toolName === 'update_task_estimate')
        .length,
    ).toBe(2);
    expect((await db.settings.get('first'))?.value).toBeDefined();
    expect(await db.settings.get('second')).toBeUndefined();
    expect((await db.settings.get('third'))?.value).toBeDefined();
    const failed = outcomes[1]!.kind === 'failed' ? outcomes[1]!.result : undefined;
    expect((await auditOf(failed!.operationId)).at(-1)).toMatchObject({ outcome: 'failure' });
  });

  it('skips what a guard refuses inside the shared transaction, without aborting it', async () => {
    const transaction = vi.spyOn(db, 'transaction');
    const outcomes = await runOperations(db, [
      { call: estimate(15) },
      { call: estimate(30), guard: async () => 'stale' },
      { call: estimate(45) },
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'refused', 'done']);
    expect(transaction).toHaveBeenCalledTimes(1);
  });
});
