/**
 * What one journal operation looks like on the sync server: a versioned envelope of row
 * diffs, parsed with zod on receipt (everything from the server is untrusted input).
 * Large operations (an import) are split into parts under a byte budget, each part its
 * own message; the receiver applies an operation once all its parts arrived. The rows
 * inside stay plain records here: the receiving side parses each with its table's own
 * schema before applying it.
 */
import { z } from 'zod';
import { canonicalJson } from './canonical-json';
import { isoTimestampSchema, idSchema } from './entity';
import { JOURNAL_TABLES } from './journal';
import { vectorClockSchema } from './vector-clock';

const SYNC_ENVELOPE_VERSION = 1;

/**
 * The agent's synced tables: sets before their items (an item's counts go to its set),
 * then the rest; and the journal's device list, merged by the same rule (domain/device.ts).
 */
export const AGENT_TABLES = [
  'changeSets',
  'changeItems',
  'decisions',
  'reports',
  'observations',
  'devices',
] as const;
/** What sync carries, in the order it is applied: the journal's tables, then the agent's. */
export const SYNC_TABLES = [...JOURNAL_TABLES, ...AGENT_TABLES] as const;
export const syncTableSchema = z.enum(SYNC_TABLES);
export type SyncTable = z.infer<typeof syncTableSchema>;
/**
 * The decision claims up to a snapshot's sequence (domain/decision-claim.ts): carried
 * only by a snapshot, as rows of its one operation, so they are cut, sealed, signed and
 * verified with it; an operation carrying them is refused.
 */
export const CLAIMS_TABLE = 'decisionClaims';
const envelopeTableSchema = z.enum([...SYNC_TABLES, CLAIMS_TABLE]);

export const ENVELOPE_LIMITS = Object.freeze({
  /** NATS' default max_payload: nothing larger is ever a valid message. */
  maxMessageBytes: 1024 * 1024,
  /** Parts are cut well under the server's limit, leaving room for headers. */
  defaultPartBudgetBytes: 512 * 1024,
  maxDiffsPerEnvelope: 10_000,
  maxFieldsPerRow: 200,
  maxClockEntries: 1_000,
  maxParts: 10_000,
});

/** Usable as a subject token, with room for a part suffix (see `partMessageId`). */
const operationIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'An operation id is 1-100 letters, digits, "-" or "_".');

/**
 * A row's shape only: an object of at most so many fields with short names. Its fields are
 * checked once, by its table's own schema (domain/received-row.ts), not here as well: a
 * record schema would visit every field of every row a second time on the way in.
 */
export const rowRecordSchema = z.custom<Record<string, unknown>>().superRefine((row, context) => {
  const problem = rowShapeProblem(row);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

function rowShapeProblem(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    return 'A row is an object of fields.';
  const names = Object.keys(row);
  if (names.length > ENVELOPE_LIMITS.maxFieldsPerRow)
    return `A row has at most ${ENVELOPE_LIMITS.maxFieldsPerRow} fields.`;
  if (names.some((name) => name.length > 100)) return 'A field name has at most 100 characters.';
  return undefined;
}

/** One row change: `before` null for a new row, `after` null for a row removed outright. */
export const rowDiffSchema = z
  .object({
    table: envelopeTableSchema,
    id: idSchema,
    before: rowRecordSchema.nullable(),
    after: rowRecordSchema.nullable(),
  })
  .refine((diff) => diff.before !== null || diff.after !== null, {
    message: 'A diff needs a row before or after the change.',
  });
export type RowDiff = z.infer<typeof rowDiffSchema>;

const partSchema = z
  .object({
    index: z.number().int().nonnegative(),
    count: z.number().int().min(1).max(ENVELOPE_LIMITS.maxParts),
  })
  .refine((part) => part.index < part.count, { message: 'A part index is below its count.' });

export const syncEnvelopeSchema = z.object({
  v: z.literal(SYNC_ENVELOPE_VERSION),
  operationId: operationIdSchema,
  /** What the operation was: a tool name (`update_task_estimate`), `decision`, `undo`… */
  kind: z.string().regex(/^[a-z][a-z0-9_.:-]{0,63}$/, 'A kind is a short lowercase name.'),
  deviceId: z.string().min(1).max(100),
  vectorClock: vectorClockSchema.refine(
    (clock) => Object.keys(clock).length <= ENVELOPE_LIMITS.maxClockEntries,
    { message: `A vector clock has at most ${ENVELOPE_LIMITS.maxClockEntries} devices.` },
  ),
  time: isoTimestampSchema,
  part: partSchema,
  diffs: z.array(rowDiffSchema).max(ENVELOPE_LIMITS.maxDiffsPerEnvelope),
});
export type SyncEnvelope = z.infer<typeof syncEnvelopeSchema>;

/** An operation before it is cut into envelopes. */
export type SyncOperation = Omit<SyncEnvelope, 'part'>;

export type EnvelopeParse = { ok: true; envelope: SyncEnvelope } | { ok: false; reason: string };

/** Parses a message from the server. Never throws: a failure is quarantined with its reason. */
export function parseEnvelope(bytes: Uint8Array): EnvelopeParse {
  if (bytes.byteLength > ENVELOPE_LIMITS.maxMessageBytes) {
    return {
      ok: false,
      reason: `The message has ${bytes.byteLength} bytes; at most ${ENVELOPE_LIMITS.maxMessageBytes} are accepted.`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: 'The message is not JSON text in UTF-8.' };
  }
  const version = (json as { v?: unknown } | null)?.v;
  if (version !== SYNC_ENVELOPE_VERSION) {
    return {
      ok: false,
      reason: `The message has envelope version ${JSON.stringify(version)}; this app reads version ${SYNC_ENVELOPE_VERSION} (update the app if it is newer).`,
    };
  }
  const parsed = syncEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'envelope'}: ${issue.message}`);
    return { ok: false, reason: `The envelope is not valid: ${issues.join('; ')}.` };
  }
  return { ok: true, envelope: parsed.data };
}

export function encodeEnvelope(envelope: SyncEnvelope): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(envelope));
}

/** The message id (and subject token) of one part: the operation id itself when unsplit. */
export function partMessageId(envelope: Pick<SyncEnvelope, 'operationId' | 'part'>): string {
  const { operationId, part } = envelope;
  return part.count === 1 ? operationId : `${operationId}-p${part.index + 1}of${part.count}`;
}

export class OversizedRowError extends Error {
  override readonly name = 'OversizedRowError';
  constructor(
    readonly table: string,
    readonly id: string,
    readonly bytes: number,
    readonly budget: number,
  ) {
    super(
      `The ${table} row "${id}" takes ${bytes} bytes once encoded, over the ${budget}-byte ` +
        'limit of one sync message: shorten it (a very long text?) so it can be synced.',
    );
  }
}

/**
 * Cuts an operation into envelopes of at most `budgetBytes` encoded bytes each, keeping
 * diffs whole and in order. One diff larger than the budget cannot be sent: it throws
 * `OversizedRowError` rather than produce a message the server would refuse.
 */
/** A diff's bytes in a part's JSON, with the comma before the next. */
export function diffBytes(diff: RowDiff, encoder = new TextEncoder()): number {
  return encoder.encode(JSON.stringify(diff)).byteLength + 1;
}

/**
 * `sizes`: each diff's `diffBytes`, when the caller measured them already (a snapshot
 * measures its rows in slices of the page's time; measuring is most of the work here).
 */
export function splitOperation(
  operation: SyncOperation,
  budgetBytes: number = ENVELOPE_LIMITS.defaultPartBudgetBytes,
  sizes?: readonly number[],
): SyncEnvelope[] {
  const encoder = new TextEncoder();
  // The envelope without diffs, with the widest part numbers it can carry.
  const overhead = encoder.encode(
    JSON.stringify({
      ...operation,
      part: { index: ENVELOPE_LIMITS.maxParts, count: ENVELOPE_LIMITS.maxParts },
      diffs: [],
    }),
  ).byteLength;
  const groups: RowDiff[][] = [[]];
  let used = overhead;
  for (const [index, diff] of operation.diffs.entries()) {
    const size = sizes?.[index] ?? diffBytes(diff, encoder);
    if (overhead + size > budgetBytes) {
      throw new OversizedRowError(diff.table, diff.id, size - 1, budgetBytes - overhead);
    }
    const current = groups[groups.length - 1]!;
    if (
      current.length > 0 &&
      (used + size > budgetBytes || current.length >= ENVELOPE_LIMITS.maxDiffsPerEnvelope)
    ) {
      groups.push([diff]);
      used = overhead + size;
    } else {
      current.push(diff);
      used += size;
    }
  }
  if (groups.length > ENVELOPE_LIMITS.maxParts) {
    throw new Error(`An operation splits into at most ${ENVELOPE_LIMITS.maxParts} parts.`);
  }
  return groups.map((diffs, index) => ({
    ...operation,
    part: { index, count: groups.length },
    diffs,
  }));
}

export type JoinResult = { ok: true; operation: SyncOperation } | { ok: false; reason: string };

/**
 * The inverse of `splitOperation`: the whole operation once every part is there, all
 * from the same operation. `ok: false` says what is missing or inconsistent (a receiver
 * keeps waiting for missing parts, and quarantines inconsistent ones).
 */
export function joinParts(parts: readonly SyncEnvelope[]): JoinResult {
  const first = parts[0];
  if (!first) return { ok: false, reason: 'No parts.' };
  const { count } = first.part;
  const header = canonicalJson(headerOf(first));
  const byIndex = new Map<number, SyncEnvelope>();
  for (const part of parts) {
    if (part.part.count !== count || canonicalJson(headerOf(part)) !== header) {
      return {
        ok: false,
        reason: `Part ${part.part.index + 1} does not belong with the others of operation ${first.operationId}.`,
      };
    }
    if (byIndex.has(part.part.index)) {
      return { ok: false, reason: `Part ${part.part.index + 1} of ${count} arrived twice.` };
    }
    byIndex.set(part.part.index, part);
  }
  const missing = Array.from({ length: count }, (_, index) => index).filter(
    (index) => !byIndex.has(index),
  );
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `Waiting for part(s) ${missing.map((index) => index + 1).join(', ')} of ${count}.`,
    };
  }
  const diffs = Array.from({ length: count }, (_, index) => byIndex.get(index)!.diffs).flat();
  const { part: _part, diffs: _diffs, ...rest } = first;
  return { ok: true, operation: { ...rest, diffs } };
}

function headerOf(envelope: SyncEnvelope) {
  const { part: _part, diffs: _diffs, ...header } = envelope;
  return header;
}
