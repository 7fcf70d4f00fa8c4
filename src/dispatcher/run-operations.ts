/**
 * The dispatcher's transaction, offered to callers whose own writes must commit with a
 * journal write (a confirmation writes its decision with the change it applies). A step
 * is: a guard the caller checks inside the transaction (still pending? stale?), the call
 * to apply (optional: a rejection may write only its decision), and the caller's
 * follow-up writes. The dispatcher prepares the call before the transaction opens, opens
 * it over its own tables plus the caller's, applies, follows up, writes the ledger, audit
 * and outbox rows, and records a failure in the audit trail on every path. Callers never
 * see its table list, prepare or apply.
 *
 * runSteps puts many steps in one transaction (Confirm All): if any step throws, that
 * transaction aborts and every step runs again in a transaction of its own, so one bad
 * item never blocks or undoes the others, and each stays atomic with its follow-up.
 *
 * Batch-aware: a step declares the rows it will read (`reads`) and reads and writes change
 * items and decisions through its `scope` (write-scope.ts), the only way to write them
 * inside the transaction. The transaction reads every step's rows in one
 * request per table when it opens, and writes the items, sets, tallies and decisions of
 * all its steps once, at its end, with the ledger, audit and outbox rows. So twenty steps
 * cost about what one does, plus their handlers.
 */
import { CHANGE_ITEM_TABLES } from '../db/change-items';
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import type { DecisionClaim } from '../domain/decision-claim';
import type { EntityDiff } from '../domain/entity-diff';
import type { OperationKind } from '../domain/operation-kind';
import type { WriteSource } from '../domain/write-source';
import { sha256Hex } from '../domain/canonical-json';
import type { JournalReader } from '../domain/journal-access';
import { JOURNAL_TABLES } from '../domain/journal';
import { actorOf } from '../domain/actor';
import { DEFAULT_AGENT_ID } from '../domain/agent';
import { applyCall } from './apply-call';
import {
  DispatchFailure,
  describeStorageFailure,
  recordDispatchFailure,
  storageFailure,
} from './dispatch-failure';
import type { DispatchContext, DispatchResult } from './dispatch-types';
import type { OperationReads } from './operation-writes';
import { attemptOf, prepareCall, type PreparedCall } from './prepare-call';
import {
  flushWrites,
  openTransactionWrites,
  type OperationScope,
  type TransactionWrites,
} from './write-scope';

export interface DispatchCall {
  toolName: string;
  args: unknown;
  context: DispatchContext;
}

export interface FollowUp<Value> {
  value: Value;
  /** Rows the follow-up wrote that other devices need (decision, item, set). */
  diffs?: readonly EntityDiff[];
  /** The decision this operation carries, which sync claims before pushing it. */
  claim?: DecisionClaim;
}

export interface Operation<Refusal, Value> {
  call?: DispatchCall;
  /** Names the operation of a step without a call (its id is a hash of it). */
  operationKey?: string;
  kind?: OperationKind;
  /** The rows its guard and follow-up will read through the scope, read up front. */
  reads?: OperationReads;
  /** Inside the transaction, before anything is written: why not to go on, if so. */
  guard?: (journal: JournalReader, scope: OperationScope) => Promise<Refusal | undefined>;
  /** Inside the transaction, after the call applied (or at once, without a call). */
  followUp?: (
    applied: DispatchResult | undefined,
    scope: OperationScope,
  ) => Promise<FollowUp<Value>>;
  /**
   * Sync only: the step applies (or reverts) an operation that is another device's, or
   * never left this one. It writes no outbox row, so it never echoes back to the server.
   */
  remote?: true;
}

export type OperationOutcome<Refusal, Value> =
  | { kind: 'done'; result: DispatchResult | undefined; value: Value | undefined }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'failed'; result: DispatchResult };

/** The tables a caller's guard and follow-up use, besides the dispatcher's own. */
export type OperationTable =
  | 'decisions'
  | 'reports'
  | 'observations'
  | 'devices'
  | 'wakes'
  | 'settings'
  // Sync's own rows: a remote operation commits with its cursor and its applied mark.
  | 'syncState'
  | 'syncApplied'
  | 'syncParts'
  | 'syncQuarantine'
  | 'syncPushes'
  | 'syncNotices'
  | 'syncClaims'
  // An import's part commits with its place in the import (db/import-records.ts).
  | 'imports';

export interface OperationOptions {
  tables?: readonly OperationTable[];
  /**
   * The steps apply no call and write neither journal nor proposal rows, only `tables` (a
   * wake's end: its report, observations and record). Their transaction then spans those
   * and the audit and outbox, and never queues behind a reader of the journal or the inbox
   * (the navigation badge reads the tallies again after every turn that proposed).
   */
  ownRowsOnly?: true;
}

/** `settings` for one read: whether this device keeps an outbox (sync configured). */
const BOOKKEEPING_TABLES = ['mutations', 'auditMessages', 'outbox', 'settings'] as const;

/**
 * The journal, the agent's policy, the ledger, audit and outbox, and the proposal rows,
 * with the caller's tables; with ownRowsOnly, the ledger, audit and outbox and the caller's.
 */
function transactionTables(db: CountersignDatabase, options: OperationOptions) {
  const dispatcherTables = options.ownRowsOnly
    ? BOOKKEEPING_TABLES
    : [...JOURNAL_TABLES, ...BOOKKEEPING_TABLES, ...CHANGE_ITEM_TABLES];
  return [...new Set([...dispatcherTables, ...(options.tables ?? [])])].map((name) =>
    db.table(name),
  );
}

const OWN_ROWS_ONLY_MISUSE =
  'A step that applies a call or reads proposal rows cannot run with ownRowsOnly.';

/** A step ready for its transaction: its call prepared, or its operation named. */
interface Ready {
  call: PreparedCall | undefined;
  operationId: string;
}

type Prepared = ({ ok: true } & Ready) | { ok: false; result: DispatchResult };

async function prepareStep<R, V>(
  db: CountersignDatabase,
  step: Operation<R, V>,
  options: OperationOptions,
): Promise<Prepared> {
  if (options.ownRowsOnly && (step.call || step.reads)) {
    // A caller's mistake, not the model's: said plainly, and nothing is written.
    return { ok: false, result: failedResult(OWN_ROWS_ONLY_MISUSE) };
  }
  if (!step.call) {
    // Hashing is Web Crypto, not IndexedDB: done here, since awaiting it inside the
    // transaction would end the transaction.
    const operationId = step.operationKey
      ? await sha256Hex(step.operationKey)
      : crypto.randomUUID();
    return { ok: true, call: undefined, operationId };
  }
  try {
    const { toolName, args, context } = step.call;
    const call = await prepareCall(db, toolName, args, context);
    return { ok: true, call, operationId: call.operationId };
  } catch (error) {
    if (error instanceof DispatchFailure) {
      await recordDispatchFailure(db, error);
      return { ok: false, result: error.result };
    }
    // Only a platform without Web Crypto gets here: there is no attempt to audit.
    return { ok: false, result: storageResult(error) };
  }
}

/** One step in one transaction. Never throws. */
export async function runOperation<Refusal, Value>(
  db: CountersignDatabase,
  step: Operation<Refusal, Value>,
  options: OperationOptions = {},
): Promise<OperationOutcome<Refusal, Value>> {
  const prepared = await prepareStep(db, step, options);
  if (!prepared.ok) return { kind: 'failed', result: prepared.result };
  return runPrepared(db, step, prepared, options);
}

/** Many steps, in order, in one transaction; on any failure, each in its own. Never throws. */
export async function runOperations<Refusal, Value>(
  db: CountersignDatabase,
  steps: readonly Operation<Refusal, Value>[],
  options: OperationOptions = {},
): Promise<OperationOutcome<Refusal, Value>[]> {
  // Preparing awaits Web Crypto, not IndexedDB: the steps are prepared side by side.
  const readied = await Promise.all(steps.map((step) => prepareStep(db, step, options)));
  const outcomes: (OperationOutcome<Refusal, Value> | undefined)[] = readied.map((ready) =>
    ready.ok ? undefined : { kind: 'failed', result: ready.result },
  );
  const prepared: (Ready | undefined)[] = readied.map((ready) => (ready.ok ? ready : undefined));
  const runnable = steps.flatMap((_, index) => (outcomes[index] ? [] : [index]));
  if (runnable.length === 0) return outcomes as OperationOutcome<Refusal, Value>[];
  try {
    const deviceId = await getDeviceId(db);
    const together = await db.transaction('rw', transactionTables(db, options), async () => {
      const buffers = await openWrites(
        db,
        deviceId,
        runnable.map((index) => [steps[index]!, prepared[index]!] as const),
      );
      const results: OperationOutcome<Refusal, Value>[] = [];
      for (const index of runnable)
        results.push(await runInside(db, steps[index]!, prepared[index]!, buffers));
      await flushWrites(buffers);
      return results;
    });
    runnable.forEach((index, position) => (outcomes[index] = together[position]));
  } catch {
    // One step threw and took the whole transaction with it: nothing of it was written.
    // Each step runs again on its own, so the failure is the failing step's alone.
    for (const index of runnable)
      outcomes[index] = await runPrepared(db, steps[index]!, prepared[index]!, options);
  }
  return outcomes as OperationOutcome<Refusal, Value>[];
}

async function runPrepared<Refusal, Value>(
  db: CountersignDatabase,
  step: Operation<Refusal, Value>,
  ready: Ready,
  options: OperationOptions,
): Promise<OperationOutcome<Refusal, Value>> {
  const { call } = ready;
  try {
    const deviceId = call?.toolContext.deviceId ?? (await getDeviceId(db));
    // One transaction: the call's writes, the caller's follow-up, the ledger row, the
    // audit trail and the outbox row commit together or not at all.
    return await db.transaction('rw', transactionTables(db, options), async () => {
      const buffers = await openWrites(db, deviceId, [[step, ready]]);
      const outcome = await runInside(db, step, ready, buffers);
      await flushWrites(buffers);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DispatchFailure) {
      await recordDispatchFailure(db, error);
      return { kind: 'failed', result: error.result };
    }
    // The transaction itself failed (storage full, blocked, closed): say what to do.
    if (!call) return { kind: 'failed', result: storageResult(error) };
    const failure = storageFailure(error, call.operationId, attemptOf(call));
    await recordDispatchFailure(db, failure);
    return { kind: 'failed', result: failure.result };
  }
}

/**
 * Inside a transaction, first, side by side: what its steps will read (their declared
 * rows, the ledger rows of operations that may have been applied before), and what the
 * agent's policy check reads (the task, the agent, the categories) into the journal store.
 */
async function openWrites<R, V>(
  db: CountersignDatabase,
  deviceId: string,
  steps: readonly (readonly [Operation<R, V>, Ready])[],
): Promise<TransactionWrites> {
  const buffers = openTransactionWrites(db, deviceId);
  const { store, writes } = buffers;
  const ids = (pick: (reads: OperationReads) => readonly string[] | undefined) =>
    steps.flatMap(([step]) => (step.reads ? (pick(step.reads) ?? []) : []));
  const taskIds = ids((reads) => reads.tasks);
  const checked = steps.flatMap(([, { call }]) =>
    call && actorOf(call.context.source) === 'agent' ? [call] : [],
  );
  const agentIds = [...new Set(checked.map((call) => call.context.agentId ?? DEFAULT_AGENT_ID))];
  const policyTaskIds = checked.flatMap((call) => (call.targetTaskId ? [call.targetTaskId] : []));
  await Promise.all([
    writes.load(
      {
        changeItems: ids((reads) => reads.changeItems),
        changeSets: ids((reads) => reads.changeSets),
        tasks: taskIds,
        twinsOf: steps.flatMap(([step]) => step.reads?.twinsOf ?? []),
      },
      steps.flatMap(([, { call }]) => (call && !call.operationKeyIsNew ? [call.operationId] : [])),
    ),
    ...[...new Set([...taskIds, ...policyTaskIds])].map((id) => store.task(id)),
    ...agentIds.map((id) => store.storedRow('agents', id)),
    checked.length > 0 ? store.categories() : undefined,
  ]);
  return buffers;
}

/** Inside a transaction: guard, call, follow-up, and the step's outbox row. */
async function runInside<Refusal, Value>(
  db: CountersignDatabase,
  step: Operation<Refusal, Value>,
  { call, operationId }: Ready,
  buffers: TransactionWrites,
): Promise<OperationOutcome<Refusal, Value>> {
  const { store, writes, scope } = buffers;
  const refusal = await step.guard?.(store, scope);
  if (refusal !== undefined) return { kind: 'refused', refusal };
  const applied = call ? await applyCall(call, buffers) : undefined;
  const followed = await step.followUp?.(applied?.result, scope);
  const diffs = [...(applied?.diffs ?? []), ...(followed?.diffs ?? [])];
  if (diffs.length > 0 && !step.remote) {
    writes.addOutboxRow({
      operationId,
      kind: step.kind ?? kindOfSource(call?.toolContext.source),
      diffs,
      ...(followed?.claim ? { claim: followed.claim } : {}),
      createdAt: call?.toolContext.now ?? new Date().toISOString(),
    });
  }
  return { kind: 'done', result: applied?.result, value: followed?.value };
}

function storageResult(error: unknown): DispatchResult {
  return { ...failedResult(describeStorageFailure(error)), storageFailed: true };
}

function failedResult(output: string): DispatchResult {
  return { success: false, output, errorMessage: output, operationId: '', mutatedEntries: [] };
}

/** A step without a kind of its own: the agent's and a rule's writes say so on the wire. */
function kindOfSource(source: WriteSource | undefined): OperationKind {
  return source === 'agent' || source === 'rule' ? 'agent' : 'journal';
}
