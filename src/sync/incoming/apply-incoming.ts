/**
 * The pull side: messages of the journal's stream, in order, applied on this device.
 * Each message is one step of the dispatcher's transaction API (runSteps), several per
 * transaction, and every step moves the cursor stored in Dexie in the same transaction
 * as what it applies, so after a crash the feed resumes exactly after the last message
 * whose effect committed.
 *
 *   - an operation of another device: its journal rows through `apply_synced_rows`
 *     (source `sync`), its agent rows in the follow-up, the values lost to concurrent
 *     edits in the audit trail; idempotent by operation id (`syncApplied`);
 *   - one of this device's own operations, or a decision claim: only the cursor moves;
 *   - a part of a split operation: kept until every part arrived, then applied whole;
 *   - a message that does not parse, or carries a row that does not: quarantined (kept,
 *     counted, shown in Settings → Sync), never applied; the feed goes on.
 * A remote step writes no outbox row: nothing applied here is ever pushed back.
 */
import type { CountersignDatabase } from '../../db/database';
import { ACTIVE_PUSH_STATES, type SyncPushRecord } from '../../db/sync-rows';
import { JOURNAL_TABLES } from '../../domain/journal';
import { runOperations, type Operation } from '../../dispatcher/run-operations';
import { yieldToMain } from '../../lib/yield-to-main';
import type { LostFieldValue } from '../../tools/catalog/apply-synced-rows';
import { drainOutbox } from '../push/drain-outbox';
import type { SyncMessage } from '../transport/sync-transport';
import { applyAgentRows } from './apply-agent-rows';
import { AGENT_TABLES } from '../../domain/sync-envelope';
import { groupStep } from './apply-group';
import { lossMessage } from './describe-loss';
import { lastSeqOf, rowsOf, runsOf, unitsOf, type Unit } from './group-incoming';
import { catchUpPace, type CatchUpPace } from './catch-up-pace';
import { expireOrphanParts } from './orphan-parts';
import { partId, plan, type PlanDeps, type Planned } from './plan-incoming';
import { quarantineRow } from './quarantine-row';
import { addAuditMessages } from '../../dispatcher/audit-writer';

const CURSOR_KEY = 'cursor';
const JOURNAL = new Set<string>(JOURNAL_TABLES);
const AGENT = new Set<string>(AGENT_TABLES);
const SYNC_STEP_TABLES = [
  'decisions',
  'reports',
  'observations',
  'devices',
  'syncState',
  'syncApplied',
  'syncParts',
  'syncQuarantine',
] as const;

export interface IncomingDeps extends PlanDeps {
  now(): string;
  /**
   * Another device's decision arrived for an item this device also decided and has not
   * claimed yet: claim it now (the server says who was first), reverting this device's
   * decision if it lost. Rejects when the server cannot tell (the batch is retried), or
   * with a ClaimRefusedError when the claim can never be made.
   */
  resolveClaim(record: SyncPushRecord): Promise<void>;
  /** Called once a batch applied an operation of another device using this device's id. */
  deviceIdShared?(): Promise<void>;
  /** The app version, kept with what it quarantines: a later version reads those again. */
  appVersion?: string;
}

export interface ApplyOptions {
  /** Groups of one task's journal-only operations as one step (decision 0012). */
  grouped?: boolean;
  /**
   * Quarantined messages read again (reread-quarantine.ts): the cursor is past them and
   * stays; one that applies now, or needs nothing, leaves the quarantine.
   */
  replay?: boolean;
  /** Rows per transaction, learnt from the ones before (a feed keeps one; catch-up-pace.ts). */
  pace?: CatchUpPace;
}

/**
 * A message of the batch did not apply. `deterministic`: the same message would fail the
 * same way every time (a row or an id the app refuses), so the feed quarantines it at
 * once; otherwise (storage, the server) trying again may succeed, and it never counts
 * towards quarantine.
 */
export class IncomingBatchError extends Error {
  override readonly name = 'IncomingBatchError';
  constructor(
    readonly seq: number,
    message: string,
    readonly deterministic: boolean,
  ) {
    super(message);
  }
}

/**
 * What `resolveClaim` rejects with when the claim can never be made (its change set id
 * cannot be a subject): the message carrying the other device's decision is quarantined.
 */
export class ClaimRefusedError extends Error {
  override readonly name = 'ClaimRefusedError';
}

export async function readCursor(db: CountersignDatabase): Promise<number> {
  return Number((await db.syncState.get(CURSOR_KEY))?.value ?? 0);
}

/**
 * Applies `messages` (in stream order). Resolves when all committed; rejects with an
 * IncomingBatchError naming the first sequence that did not (the caller resumes the feed
 * from the stored cursor, and may quarantine a message that keeps failing).
 */
export async function applyIncoming(
  deps: IncomingDeps,
  messages: readonly SyncMessage[],
  { grouped = true, replay = false, pace = catchUpPace() }: ApplyOptions = {},
): Promise<void> {
  if (messages.length === 0) return;
  const { db } = deps;
  const startCursor = await readCursor(db);
  const planned = await plan(
    deps,
    replay ? messages : messages.filter((message) => message.seq > startCursor),
  );
  if (planned.length === 0) return;
  await resolveConflictingClaims(deps, planned);
  // Parsing the batch was one task of the page; its transaction starts in another (a
  // yield keeps catch-up's place in the queue, where a timeout waits behind every task).
  await yieldToMain();
  const now = deps.now();
  const bySeq = new Map(messages.map((message) => [message.seq, message]));
  const context: StepContext = {
    now,
    storedAt: (seq) => bySeq.get(seq)?.time ?? now,
    message: (seq) => bySeq.get(seq)!,
    replay,
  };
  const maxRows = pace.rows();
  const units: Unit[] =
    grouped && !replay
      ? unitsOf(planned, maxRows)
      : planned.map((each) => ({ kind: 'one', planned: each }));
  const steps = units.map(
    (unit, index) =>
      [
        unit,
        stepFor(deps, unit, index === 0 ? startCursor : lastSeqOf(units[index - 1]!), context),
      ] as const,
  );
  // A transaction per run of the rows the pace allows, each with its cursor, and the page's
  // turn between them: the page cannot have one inside a transaction.
  for (const [position, run] of runsOf(steps, ([unit]) => rowsOf(unit), maxRows).entries()) {
    if (position > 0) await yieldToMain();
    const began = performance.now();
    const outcomes = await runOperations(
      db,
      run.map(([, step]) => step),
      { tables: SYNC_STEP_TABLES },
    );
    pace.record(
      run.reduce((sum, [unit]) => sum + rowsOf(unit), 0),
      performance.now() - began,
    );
    for (const [index, outcome] of outcomes.entries()) {
      const unit = run[index]![0];
      const failed =
        outcome.kind === 'failed' || (outcome.kind === 'refused' && outcome.refusal === 'gap');
      // A group that did not apply goes again one operation at a time, so a failure names
      // the message it belongs to (and only that one is ever quarantined).
      if (failed && unit.kind === 'group')
        return applyIncoming(deps, messages, { grouped: false, pace });
      if (outcome.kind === 'failed')
        throw new IncomingBatchError(
          lastSeqOf(unit),
          outcome.result.output,
          unit.kind === 'one' && !outcome.result.storageFailed,
        );
      if (failed) {
        throw new IncomingBatchError(
          lastSeqOf(unit),
          'An earlier message of the batch did not commit.',
          false,
        );
      }
    }
  }
  if (planned.some((each) => each.kind === 'apply' && each.sharedDeviceId)) {
    await deps.deviceIdShared?.();
  }
  const newest = messages.findLast((message) => message.time !== undefined)?.time;
  if (newest && !replay) await expireOrphanParts(db, newest);
}

/** Moves the cursor past a message that keeps failing, keeping it in quarantine. */
export async function quarantineMessage(
  db: CountersignDatabase,
  message: SyncMessage,
  reason: string,
  now: string,
  appVersion?: string,
): Promise<void> {
  await db.transaction('rw', db.syncQuarantine, db.syncState, async () => {
    if ((await readCursor(db)) >= message.seq) return;
    await db.syncQuarantine.put(quarantineRow(message, reason, now, appVersion));
    await db.syncState.put({ key: CURSOR_KEY, value: message.seq });
  });
}

/** Another device's new decision on an item this device decided too and has not claimed. */
async function resolveConflictingClaims(deps: IncomingDeps, planned: readonly Planned[]) {
  /** Each item another device decided in this batch, and the first message saying so. */
  const decided = new Map<string, number>();
  for (const each of planned) {
    if (each.kind !== 'apply') continue;
    for (const diff of each.operation.diffs) {
      const after = diff.after as { changeSetId?: unknown; itemIndex?: unknown } | null;
      const item = `${String(after?.changeSetId)}:${String(after?.itemIndex)}`;
      if (diff.table === 'decisions' && diff.before === null && after && !decided.has(item))
        decided.set(item, each.seq);
    }
  }
  if (decided.size === 0) return;
  // A decision of this device still in the outbox must be claimed too: drain it first.
  await drainOutbox(deps.db, Date.now());
  const unclaimed = await deps.db.syncPushes
    .where('state')
    .anyOf(ACTIVE_PUSH_STATES)
    .filter(
      (record) =>
        record.claim !== undefined &&
        record.claimState === undefined &&
        decided.has(`${record.claim.changeSetId}:${record.claim.itemIndex}`),
    )
    .toArray();
  for (const record of unclaimed) {
    try {
      await deps.resolveClaim(record);
    } catch (error) {
      if (!(error instanceof ClaimRefusedError)) throw error;
      const seq = decided.get(`${record.claim!.changeSetId}:${record.claim!.itemIndex}`)!;
      throw new IncomingBatchError(
        seq,
        `This device's own decision on the same item cannot be claimed: ${error.message}`,
        true,
      );
    }
  }
}

type Refusal = 'done' | 'gap';

interface StepContext {
  now: string;
  /** When the server stored a message (its rows' times are capped at it). */
  storedAt(seq: number): string;
  message(seq: number): SyncMessage;
  replay: boolean;
}

function stepFor(
  deps: IncomingDeps,
  unit: Unit,
  previousSeq: number,
  { now, storedAt, message, replay }: StepContext,
): Operation<Refusal, undefined> {
  const { db } = deps;
  const seq = lastSeqOf(unit);
  // Read again from quarantine, a message leaves it instead of moving the cursor.
  const moveCursor = replay
    ? () => db.syncQuarantine.delete(seq)
    : () => db.syncState.put({ key: CURSOR_KEY, value: seq });
  // In order or not at all: a step whose predecessor did not commit (runSteps retries
  // steps one by one after a failure) must not move the cursor past it.
  const guard = async (): Promise<Refusal | undefined> => {
    if (replay) return (await db.syncQuarantine.get(seq)) ? undefined : 'done';
    const cursor = await readCursor(db);
    if (cursor >= seq) return 'done';
    return cursor < previousSeq ? 'gap' : undefined;
  };
  const base = { remote: true as const, operationKey: `sync:message:${seq}:${now}`, guard };
  if (unit.kind === 'group') return groupStep(deps, unit.items, base, moveCursor, now, storedAt);
  const planned: Planned = unit.kind === 'skips' ? { kind: 'skip', seq } : unit.planned;
  switch (planned.kind) {
    case 'skip':
      return { ...base, followUp: async () => (await moveCursor(), { value: undefined }) };
    case 'quarantine':
      return {
        ...base,
        followUp: async () => {
          await db.syncQuarantine.put(
            quarantineRow(message(seq), planned.reason, now, deps.appVersion),
          );
          if (!replay) await moveCursor();
          return { value: undefined };
        },
      };
    case 'part':
      return {
        ...base,
        followUp: async () => {
          const { operationId, part } = planned.envelope;
          await db.syncParts.put({
            id: partId(operationId, part.index),
            operationId,
            seq,
            envelope: planned.envelope,
            storedAt: storedAt(seq),
          });
          await moveCursor();
          return { value: undefined };
        },
      };
    case 'apply':
      return applyStep(deps, planned, base, moveCursor, now, storedAt(seq));
  }
}

function applyStep(
  deps: IncomingDeps,
  planned: Extract<Planned, { kind: 'apply' }>,
  base: Pick<Operation<Refusal, undefined>, 'remote' | 'guard'>,
  moveCursor: () => Promise<unknown>,
  now: string,
  storedAt: string,
): Operation<Refusal, undefined> {
  const { db, deviceId } = deps;
  const { operation, seq } = planned;
  const rows = operation.diffs.filter((diff) => JOURNAL.has(diff.table));
  const agentRows = operation.diffs.filter((diff) => AGENT.has(diff.table));
  const runKey = `sync:${operation.operationId}`;
  return {
    ...base,
    operationKey: runKey,
    ...(rows.length > 0
      ? {
          call: {
            toolName: 'apply_synced_rows',
            args: {
              operationId: operation.operationId,
              deviceId: operation.deviceId,
              // The server's time, not this device's: every device caps alike.
              receivedAt: storedAt,
              rows,
            },
            context: {
              source: 'sync' as const,
              operationKey: runKey,
              now,
              remoteKinds: [operation.kind],
            },
          },
        }
      : {}),
    followUp: async (applied, scope) => {
      if (!(await db.syncApplied.get(operation.operationId))) {
        const lost = [
          ...((applied?.data?.lost as LostFieldValue[] | undefined) ?? []),
          ...(await applyAgentRows(db, scope, agentRows, { deviceId, now }, storedAt)),
        ];
        await addAuditMessages(
          db,
          lost.map((loss) =>
            lossMessage(
              loss,
              { remote: operation.deviceId, here: deviceId },
              operation.operationId,
              now,
            ),
          ),
        );
        await db.syncApplied.put({
          operationId: operation.operationId,
          seq,
          deviceId: operation.deviceId,
          kind: operation.kind,
          appliedAt: now,
          journalRows: rows.length,
          contentHash: planned.contentHash,
          ...(applied?.operationId ? { localOperationId: applied.operationId } : {}),
        });
      }
      if (planned.partIds.length > 0) await db.syncParts.bulkDelete(planned.partIds);
      await moveCursor();
      return { value: undefined };
    },
  };
}
