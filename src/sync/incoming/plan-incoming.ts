/**
 * What to do with each message of a batch, decided before its transaction opens (parsing
 * and reading the parts stored so far are not the transaction's work): skip it (a claim,
 * this device's own operation, one applied already), quarantine it (it does not parse, or
 * carries a row that does not), keep it as a part of a split operation, or apply it.
 */
import { timeSlice, yieldToMain } from '../../lib/yield-to-main';
import {
  CLAIMS_TABLE,
  joinParts,
  parseEnvelope,
  type EnvelopeParse,
  syncEnvelopeSchema,
  type SyncEnvelope,
  type SyncOperation,
} from '../../domain/sync-envelope';
import type { CountersignDatabase } from '../../db/database';
import type { SyncAppliedRow, SyncPushRecord } from '../../db/sync-rows';
import type { KnownClaim } from '../../domain/decision-claim';
import { claimIdOfSubject, readClaimBody } from '../claims/known-claims';
import type { SyncMessage } from '../transport/sync-transport';
import type { OpenedSignature } from '../seal/signers';
import { rowProblem } from '../wire/synced-row-schemas';
import { contentHash, oneContentPerId, partCopyProblem } from './one-content';

export type Planned =
  | { kind: 'skip'; seq: number }
  /** A decision claim: remembered (claims/known-claims.ts), so compaction cannot undo it. */
  | { kind: 'claim'; seq: number; claim: KnownClaim }
  | { kind: 'quarantine'; seq: number; subject: string; reason: string; data: Uint8Array }
  | { kind: 'part'; seq: number; envelope: SyncEnvelope }
  | {
      kind: 'apply';
      seq: number;
      operation: SyncOperation;
      partIds: string[];
      /** What one-content.ts compares a later copy under the same id with. */
      contentHash: string;
      /** Names this device's id, yet this device never pushed it: another device shares the id. */
      sharedDeviceId?: true;
    };

export interface PlanDeps {
  db: CountersignDatabase;
  deviceId: string;
  /**
   * Words when an operation naming device `claimed` may not be taken as that device's,
   * given the device that signed its message (seal/signers.ts; a signature whose device
   * was not known at opening is checked again now); undefined when it may. Asked once per
   * device and signer in a batch: nothing the batch carries is applied before it is planned.
   */
  attribution?(claimed: string, message: OpenedSignature): Promise<string | undefined>;
  /** Words when an operation's rows change another device's keys; undefined when they do not. */
  keysProblem?(diffs: SyncEnvelope['diffs']): Promise<string | undefined>;
}

/**
 * Planning runs before the transaction opens, so it may give the page a turn: parsing,
 * checking and hashing a batch of large operations on a slow tablet is more than a frame.
 */
const PLAN_SLICE_MS = 30;

export async function plan(deps: PlanDeps, messages: readonly SyncMessage[]): Promise<Planned[]> {
  const { db, deviceId } = deps;
  const waitingParts = new Map<string, SyncEnvelope[]>();
  const planned: Planned[] = [];
  const slice = timeSlice(PLAN_SLICE_MS);
  const breathe = async () => {
    if (!slice.due()) return;
    await yieldToMain();
    slice.restart();
  };
  const parsedAll: (EnvelopeParse | undefined)[] = [];
  for (const message of messages) {
    await breathe();
    parsedAll.push(
      message.unreadable !== undefined
        ? { ok: false as const, reason: message.unreadable }
        : message.kind === 'operation'
          ? parseEnvelope(message.data)
          : undefined,
    );
  }
  // One read transaction for the whole batch: which of its operations this device applied
  // already, and which it pushed (its own are those, whatever device id they name).
  const known = parsedAll.map((each) => (each?.ok ? each.envelope.operationId : ''));
  const [appliedFound, pushedFound] = await readBookkeeping(db, known);
  const appliedRows = appliedFound.flatMap((row) => (row ? [row] : []));
  const applied = new Set(appliedRows.map((row) => row.operationId));
  const pushedHere = new Set(pushedFound.flatMap((row) => (row ? [row.operationId] : [])));
  const judge = oneContentPerId(
    new Map(appliedRows.map((row) => [row.operationId, row.contentHash])),
  );
  // Each hash is a round trip to Web Crypto: the batch's start together, not one by one;
  // their canonical JSON is the page's work, so it gives the page turns too.
  const hashes: (Promise<string> | undefined)[] = [];
  for (const each of parsedAll) {
    await breathe();
    hashes.push(
      each?.ok && each.envelope.part.count === 1 && !pushedHere.has(each.envelope.operationId)
        ? contentHash(withoutPart(each.envelope))
        : undefined,
    );
  }
  const attributions = new Map<string, Promise<string | undefined>>();
  const attributed = (claimed: string, message: SyncMessage) => {
    const ask = () => deps.attribution?.(claimed, message) ?? Promise.resolve(undefined);
    // A signature still to be checked is the message's own: its answer is not shared.
    if (message.uncheckedSignature) return ask();
    const key = `${claimed}\n${message.signedBy ?? ''}`;
    let answer = attributions.get(key);
    if (!answer) {
      answer = ask();
      attributions.set(key, answer);
    }
    return answer;
  };
  const applyOnce = async (
    seq: number,
    subject: string,
    data: Uint8Array,
    operation: SyncOperation,
    partIds: string[],
    hash = contentHash(operation),
  ): Promise<Planned> => {
    const verdict = judge(operation, await hash);
    if (verdict.kind === 'same') return { kind: 'skip', seq };
    if (verdict.kind === 'different')
      return { kind: 'quarantine', seq, subject, reason: verdict.reason, data };
    const shared = operation.deviceId === deviceId ? { sharedDeviceId: true as const } : {};
    return { kind: 'apply', seq, operation, partIds, contentHash: verdict.contentHash, ...shared };
  };
  for (const [index, message] of messages.entries()) {
    await breathe();
    const { seq, subject, data } = message;
    if (message.kind === 'decision') {
      planned.push(await plannedClaim(message, attributed));
      continue;
    }
    const parsed = parsedAll[index];
    if (!parsed) {
      planned.push({ kind: 'skip', seq });
      continue;
    }
    if (!parsed.ok) {
      planned.push({ kind: 'quarantine', seq, subject, reason: parsed.reason, data });
      continue;
    }
    const envelope = parsed.envelope;
    // This device's own (a copy sent before it signed, too): applied here already.
    if (
      pushedHere.has(envelope.operationId) ||
      (envelope.part.count > 1 && applied.has(envelope.operationId))
    ) {
      planned.push({ kind: 'skip', seq });
      continue;
    }
    const misattributed =
      (await attributed(envelope.deviceId, message)) ?? (await deps.keysProblem?.(envelope.diffs));
    if (misattributed) {
      planned.push({ kind: 'quarantine', seq, subject, reason: misattributed, data });
      continue;
    }
    const problem = envelope.diffs
      .map((diff) =>
        diff.table === CLAIMS_TABLE
          ? 'decision claims travel only inside a snapshot'
          : diff.after
            ? rowProblem(diff.table, { ...diff.after, id: diff.id })
            : undefined,
      )
      .find((each) => each !== undefined);
    if (problem) {
      planned.push({ kind: 'quarantine', seq, subject, reason: `Not applied: ${problem}.`, data });
      continue;
    }
    if (envelope.part.count === 1) {
      const operation = withoutPart(envelope);
      planned.push(await applyOnce(seq, subject, data, operation, [], hashes[index]));
      continue;
    }
    const { operationId } = envelope;
    if (!waitingParts.has(operationId)) {
      const stored = await db.syncParts.where('operationId').equals(operationId).toArray();
      waitingParts.set(
        operationId,
        stored.flatMap((row) => {
          const again = syncEnvelopeSchema.safeParse(row.envelope);
          return again.success ? [again.data] : [];
        }),
      );
    }
    const parts = waitingParts.get(operationId)!;
    const kept = parts.find((part) => part.part.index === envelope.part.index);
    if (kept) {
      const copyProblem = partCopyProblem(kept, envelope);
      planned.push(
        copyProblem
          ? { kind: 'quarantine', seq, subject, reason: copyProblem, data }
          : { kind: 'skip', seq },
      );
      continue;
    }
    parts.push(envelope);
    if (parts.length < envelope.part.count) {
      planned.push({ kind: 'part', seq, envelope });
      continue;
    }
    const joined = joinParts(parts);
    waitingParts.delete(operationId);
    const partIds = parts.map((part) => partId(operationId, part.part.index));
    planned.push(
      joined.ok
        ? await applyOnce(seq, subject, data, joined.operation, partIds)
        : { kind: 'quarantine', seq, subject, reason: joined.reason, data },
    );
  }
  return planned;
}

/**
 * Operation ids read per task of the page (one read from each of two tables). Issuing an
 * IndexedDB read is the page's work (about 0.15 ms each in Chromium): a batch's 200 reads
 * issued at once were catch-up's longest task in a profile (decision 0012). Each run's
 * answers arrive as tasks of their own, and the next run is issued from the last of them.
 */
export const IDS_READ_PER_TASK = 25;

/** The applied-here and push records of `ids`, in their order, in one read transaction. */
function readBookkeeping(db: CountersignDatabase, ids: readonly string[]) {
  return db.transaction('r', db.syncApplied, db.syncPushes, async () => {
    const applied: (SyncAppliedRow | undefined)[] = [];
    const pushed: (SyncPushRecord | undefined)[] = [];
    for (let first = 0; first < ids.length; first += IDS_READ_PER_TASK) {
      const run = ids.slice(first, first + IDS_READ_PER_TASK);
      const [appliedRun, pushedRun] = await Promise.all([
        db.syncApplied.bulkGet(run),
        db.syncPushes.bulkGet(run),
      ]);
      applied.push(...appliedRun);
      pushed.push(...pushedRun);
    }
    return [applied, pushed] as const;
  });
}

/**
 * A claim is what the server stored first on its subject, readable or not: one that does
 * not open, parse or speak for the device it names is kept without a winner (it still
 * took the item), never quarantined.
 */
async function plannedClaim(
  message: SyncMessage,
  attributed: (claimed: string, message: SyncMessage) => Promise<string | undefined>,
): Promise<Planned> {
  const { seq } = message;
  const id = claimIdOfSubject(message.subject);
  if (!id) return { kind: 'skip', seq };
  const winner = message.unreadable === undefined ? readClaimBody(message.data) : undefined;
  const speaks = winner !== undefined && (await attributed(winner.deviceId, message)) === undefined;
  return { kind: 'claim', seq, claim: { id, seq, ...(speaks ? { winner } : {}) } };
}

function withoutPart(envelope: SyncEnvelope): SyncOperation {
  const { part: _part, ...operation } = envelope;
  return operation;
}

export function partId(operationId: string, index: number): string {
  return `${operationId}:${index}`;
}
