/**
 * The one check every row from outside this device passes, whether it arrives in an
 * import file or from another device by sync (journal-file.ts and sync's
 * synced-row-schemas.ts both call it):
 *   - its table's stored schema (limits, titles cleaned, times in UTC);
 *   - counters that leave room for this device's writes (`receivedCounterProblem`): a row
 *     whose rev or clock is at the maximum could never be edited again;
 *   - a change set id usable as a sync subject token (a decision is claimed on a subject
 *     named by it: one with a "." could never be claimed, and its item never decided);
 *   - the agent's report and observations within the limits `update_report` and
 *     `record_observations` keep, and without hidden direction characters.
 */
import { z } from 'zod';
import { observationSchema, reportSchema } from './agent';
import { changeItemSchema, changeSetSchema, decisionSchema } from './change-set';
import { deviceSchema } from './device';
import { refuseHiddenCharactersIn } from './display-text';
import { JOURNAL_ROW_SCHEMAS } from './journal-row-schemas';
import { OBSERVATION_LIMITS, RECEIVED_COUNTER_MAX, REPORT_LIMITS } from './limits';
import type { SyncTable } from './sync-envelope';

/** A change set id as a subject token, with room for a claim round's suffix ("-r12"). */
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
const subjectToken = (field: string) =>
  z
    .string()
    .regex(
      SUBJECT_TOKEN,
      `"${field}" must be 1-100 letters, digits, "-" or "_" to be used in a sync subject`,
    );

const text = (field: string, max: number, shape: 'one line' | 'lines') =>
  refuseHiddenCharactersIn(
    z.string().max(max, `"${field}" is at most ${max} characters.`),
    field,
    shape,
  );

/** What a table's rows must also hold when they come from outside, beyond their schema. */
const RECEIVED_RULES: Partial<Record<SyncTable, z.ZodType>> = {
  changeSets: z.object({ id: subjectToken('id') }),
  changeItems: z.object({ changeSetId: subjectToken('changeSetId') }),
  decisions: z.object({ changeSetId: subjectToken('changeSetId') }),
  reports: z.object({
    oneLiner: text('oneLiner', REPORT_LIMITS.oneLiner, 'one line'),
    tldr: text('tldr', REPORT_LIMITS.tldr, 'lines'),
    content: text('content', REPORT_LIMITS.content, 'lines'),
  }),
  observations: z.object({
    text: text('text', OBSERVATION_LIMITS.text, 'lines'),
    category: text('category', OBSERVATION_LIMITS.category, 'one line'),
  }),
};

const ROW_SCHEMAS: Partial<Record<SyncTable, z.ZodType>> = {
  ...JOURNAL_ROW_SCHEMAS,
  changeSets: changeSetSchema,
  changeItems: changeItemSchema,
  decisions: decisionSchema,
  reports: reportSchema,
  observations: observationSchema,
  devices: deviceSchema,
};

/**
 * A row from outside (an import, another device) must leave room for this device's writes: its rev and
 * clock counters are at most RECEIVED_COUNTER_MAX (limits.ts). Undefined when they are.
 */
export function receivedCounterProblem(row: {
  rev: number;
  vectorClock: Record<string, number>;
}): string | undefined {
  if (row.rev > RECEIVED_COUNTER_MAX)
    return `its rev ${row.rev} is above ${RECEIVED_COUNTER_MAX}, more writes than any row can have had`;
  const device = Object.keys(row.vectorClock).find(
    (key) => row.vectorClock[key]! > RECEIVED_COUNTER_MAX,
  );
  return device === undefined
    ? undefined
    : `its vector clock counter for device "${device.slice(0, 100)}" is above ${RECEIVED_COUNTER_MAX}`;
}

export type ReceivedRow =
  | { ok: true; value: unknown }
  /** `field`: the path of the field at fault, when one is ("title", "vectorClock.x"). */
  | { ok: false; field: string | undefined; message: string };

function refusal(error: z.ZodError): ReceivedRow {
  const first = error.issues[0];
  return {
    ok: false,
    field: first && first.path.length > 0 ? first.path.join('.') : undefined,
    message: first?.message ?? 'not a valid row',
  };
}

/** `row` as this device may store it, or why it may not. Never throws. */
export function checkReceivedRow(table: SyncTable, row: unknown): ReceivedRow {
  const schema = ROW_SCHEMAS[table];
  if (!schema)
    return {
      ok: false,
      field: undefined,
      message: `rows of "${table}" are not known to this version of the app`,
    };
  const parsed = schema.safeParse(row);
  if (!parsed.success) return refusal(parsed.error);
  const rules = RECEIVED_RULES[table]?.safeParse(parsed.data);
  if (rules && !rules.success) return refusal(rules.error);
  const counters = receivedCounterProblem(
    parsed.data as { rev: number; vectorClock: Record<string, number> },
  );
  if (counters) return { ok: false, field: undefined, message: counters };
  return { ok: true, value: parsed.data };
}
