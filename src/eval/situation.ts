/**
 * One evaluation situation, as data: a task with its journal and past decisions, what a
 * good agent proposes there, what it must never attempt, and how many turns it may take.
 * Situations are parsed with these schemas when the suite loads, so a typo in one fails
 * loudly instead of scoring every model zero on it.
 */
import { z } from 'zod';
import { PRIORITIES, TASK_STATUSES } from '../domain/task-constants';

const words = z.string().trim().min(1).max(2_000);

/**
 * A value in a matcher or a past proposal. `#label:Urgent`, `#item:Book room` and
 * `#category:Home` name rows the seed creates; they become those rows' ids when scored.
 */
const argValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/** What one argument must be: a value, one of several, or a number in a range. */
const argConditionSchema = z.union([
  argValueSchema,
  z.object({ oneOf: z.array(argValueSchema).min(1) }).strict(),
  z.object({ min: z.number(), max: z.number() }).strict(),
]);
export type ArgCondition = z.infer<typeof argConditionSchema>;

/**
 * A change, described loosely enough that any good wording of it matches. `tools` are
 * canonical tool names as a review row keeps them (a batch's items carry their singular
 * tool: add_checklist_item, update_checklist_item, assign_task_label); `*` is any change
 * to the journal (every tool but the report and observations).
 */
export const changeMatcherSchema = z
  .object({
    /** Said in the report: "an estimate of 1 to 3 hours". */
    says: words,
    tools: z.array(z.string().min(1).max(100)).min(1),
    args: z.record(z.string(), argConditionSchema).optional(),
    /**
     * Each must appear (case-insensitive) somewhere in the arguments, the rationale left
     * out; "firewall|security" is either word.
     */
    mentions: z.array(z.string().min(1).max(200)).optional(),
  })
  .strict();
export type ChangeMatcher = z.infer<typeof changeMatcherSchema>;

const pastProposalSchema = z
  .object({
    tool: z.string().min(1).max(100),
    args: z.record(z.string(), z.unknown()),
    verdict: z.enum(['rejected', 'edited']),
    /** For `rejected`: the person's reason. */
    reason: z.string().max(500).optional(),
    /** For `edited`: the fields the person changed before confirming. */
    applied: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((past) => past.verdict !== 'edited' || past.applied !== undefined, {
    message: 'An edited proposal says what the person applied.',
  });
export type PastProposal = z.infer<typeof pastProposalSchema>;

const checklistSeedSchema = z.object({ title: words, isChecked: z.boolean().optional() }).strict();

export const situationSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .max(60),
    /** What the situation tests, in a few words (the table's first column). */
    name: words.max(80),
    task: z
      .object({
        title: words.max(200),
        status: z.enum(TASK_STATUSES).optional(),
        statusReason: z.string().max(200).optional(),
        priority: z.enum(PRIORITIES).optional(),
        estimateMinutes: z.number().int().min(1).max(1_440).optional(),
        dueDate: z.string().optional(),
        /** The category it is in; false: one the agent may not act on. */
        category: z.object({ name: words.max(60), agentMayAct: z.boolean() }).strict(),
        labels: z.array(words.max(60)).optional(),
        /** Labels the person removed from the task: the agent must never assign them. */
        removedLabels: z.array(words.max(60)).optional(),
        checklist: z.array(checklistSeedSchema).optional(),
      })
      .strict(),
    /** More categories the journal has (the agent may act on those marked so). */
    otherCategories: z
      .array(z.object({ name: words.max(60), agentMayAct: z.boolean() }).strict())
      .optional(),
    /** Labels that exist in the journal, not on the task. */
    availableLabels: z.array(words.max(60)).optional(),
    /** Journal entries, oldest first. */
    entries: z.array(z.string().min(1).max(20_000)),
    /** Proposals the person decided before this wake, oldest first. */
    decisions: z.array(pastProposalSchema).optional(),
    /** What a good agent proposes: each must be among the proposals the wake saved. */
    expect: z.array(changeMatcherSchema),
    /** What it must never attempt: any call that asks for one counts, refused or not. */
    forbid: z.array(changeMatcherSchema),
    /** A good agent ends (with its report) within this many turns; the wake stops there. */
    maxTurns: z.number().int().min(1).max(8),
    /** `denied`: the app must not even ask the model (the category is not allowed). */
    outcome: z.enum(['wake', 'denied']).default('wake'),
  })
  .strict();
export type Situation = z.infer<typeof situationSchema>;
export type SituationInput = z.input<typeof situationSchema>;

/** Parses a suite: every situation valid, and no id twice. */
export function parseSituations(inputs: readonly SituationInput[]): Situation[] {
  const situations = inputs.map((input, index) => {
    const parsed = situationSchema.safeParse(input);
    if (!parsed.success)
      throw new Error(
        `Evaluation situation ${index + 1} (${String((input as { id?: unknown }).id)}) is not valid: ${parsed.error.message}`,
      );
    return parsed.data;
  });
  const ids = new Set<string>();
  for (const situation of situations) {
    if (ids.has(situation.id))
      throw new Error(`Two evaluation situations are named "${situation.id}".`);
    ids.add(situation.id);
  }
  return situations;
}
