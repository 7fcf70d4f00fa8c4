/**
 * The shape of a tool: everything about one tool in one module, so adding a tool is one
 * file and one registry line. `audience: 'model'` tools are offered to the agent and carry
 * a description and a route; `internal` tools are the user's own operations and the
 * singular tools that exploded batch items are dispatched with.
 */
import type { z } from 'zod';
import type { WriteSource } from '../domain/write-source';
import type { JournalReader, JournalWriter } from '../domain/journal-access';
import type { WakeNotes } from './notes/wake-notes';

/**
 * What happens to a model's call: `deferred` becomes change items the person reviews,
 * `immediate` is dispatched at once under policy, `noted` is kept by the wake itself (its
 * report and observations: agent data, never the journal).
 */
export type ToolRoute = 'deferred' | 'immediate' | 'noted';

export interface ToolContext {
  source: WriteSource;
  /** The task the call is about (the agent's task during a wake, the page's task for the user). */
  taskId?: string;
  deviceId: string;
  now: string;
}

export interface ToolOutcome {
  /** Text for the model (and the audit trail): what happened, in plain words. */
  output: string;
  /** True when the call asked for what was already so: nothing was written. */
  noop?: boolean;
  /** Structured result for callers (e.g. `createdItems`, the id of a new task). */
  data?: Record<string, unknown>;
}

/** Names for ids, so summaries read `Check off: "Buy milk"` rather than an id. */
export interface SummaryNames {
  checklistItemTitle(id: string): string | undefined;
  labelName(id: string): string | undefined;
  categoryName(id: string): string | undefined;
}

export const NO_NAMES: SummaryNames = {
  checklistItemTitle: () => undefined,
  labelName: () => undefined,
  categoryName: () => undefined,
};

export interface Preview {
  /** The value now; empty when there is none to show (an item to add). */
  before: string;
  after: string;
  /** What the change amounts to, in a few words ("2 days earlier"). */
  note?: string;
}

export interface ToolDefinition<Args = unknown> {
  name: string;
  audience: 'model' | 'internal';
  argsSchema: z.ZodType<Args>;
  /** For model tools: what the model reads, usage rules included. */
  description?: string;
  route?: ToolRoute;
  /**
   * Names models use for this tool by mistake (`set_estimate`): each resolves to this tool
   * with the arguments untouched, so an alias can never skip deferral.
   */
  aliases?: readonly string[];
  /**
   * How the person sees this tool's proposals (deferred and immediate model tools).
   * `kind` prefixes a review row (`Estimate · Set estimate to 60 minutes`); exploded batch
   * items take their batch tool's. `trustedAs` offers the tool in Settings › Trusted tools
   * ("Apply without asking") under that name; without it, its proposals always wait.
   */
  review?: { kind: string; trustedAs?: string };
  /**
   * Words for the fields `proposalTarget` names (`estimateMinutes` → "estimate"), for
   * "Changed since proposed: estimate is now 45 min". One field reads the same in every tool.
   */
  fieldLabels?: Readonly<Record<string, string>>;
  /** Arguments that work, shown to the model when its own arguments did not. */
  example?: Record<string, unknown>;
  /**
   * False for a write whose pre-images need not be kept. Import keeps them (Undo import),
   * writing a large file in parts so no one ledger row holds all of it.
   */
  recordsDiffs?: boolean;
  /**
   * For batch tools: the array key, and the singular tool each element becomes. `ordered`:
   * each element keeps its place in the batch when applied (the singular tool takes a
   * `placement`), whatever order the person confirms them in.
   */
  batch?: { key: string; singular: string; ordered?: boolean };
  /** The English summary shown in review and audit, e.g. `Set estimate to 60 minutes`. */
  summarize(args: Args, names: SummaryNames): string;
  /** Before → after, computed from the journal as it is now. */
  preview?(
    args: Args,
    journal: JournalReader,
    context: Pick<ToolContext, 'taskId'>,
  ): Promise<Preview>;
  /**
   * For proposals: why this change should not be queued (it asks for what is already
   * so, names an id that is not on the task, a label the user removed ...), or
   * undefined when it is worth the person's attention.
   */
  checkProposal?(
    args: Args,
    journal: JournalReader,
    context: Pick<ToolContext, 'taskId' | 'source'>,
  ): Promise<string | undefined>;
  /**
   * The entity and fields a proposal changes. Their values when proposed are kept on the
   * item (with the entity's rev as baseRev), so review can tell when the person changed
   * the same thing since, and ask before overwriting it.
   */
  proposalTarget?(
    args: Args,
    context: Pick<ToolContext, 'taskId'>,
  ): { table: 'tasks' | 'checklistItems'; id: string; fields: readonly string[] } | undefined;
  /** The task this call touches, for policy. Undefined for journal-wide writes (categories, labels). */
  targetTaskId(
    args: Args,
    context: Pick<ToolContext, 'taskId'>,
    journal: JournalReader,
  ): Promise<string | undefined>;
  handle(args: Args, journal: JournalWriter, context: ToolContext): Promise<ToolOutcome>;
  /**
   * For route `noted`: keeps the call on the wake's notes and returns what the model reads
   * (`Report saved.`). Such a tool's `handle` refuses: it never writes the journal.
   */
  note?(args: Args, notes: WakeNotes): string;
}

/** What every tool has, whatever its route. */
type Core<Args> = Pick<
  ToolDefinition<Args>,
  'name' | 'argsSchema' | 'summarize' | 'targetTaskId' | 'handle' | 'example' | 'recordsDiffs'
>;

/** What a tool offered to the model has besides: its words and arguments that work. */
type ModelCore<Args> = Core<Args> &
  Required<Pick<ToolDefinition<Args>, 'description' | 'example'>> &
  Pick<ToolDefinition<Args>, 'aliases'>;

/** What review reads of a proposal: the change's entity and fields, and whether to queue it. */
type ProposalParts<Args> = Pick<
  ToolDefinition<Args>,
  'proposalTarget' | 'checkProposal' | 'fieldLabels'
>;

/**
 * A deferred tool: each call becomes a change item the person reviews, so it needs a
 * review kind, and a before → after preview of its own, or (a batch) its singular's.
 */
type DeferredParts<Args> = ModelCore<Args> &
  ProposalParts<Args> &
  Required<Pick<ToolDefinition<Args>, 'review'>> &
  (
    | { batch: NonNullable<ToolDefinition<Args>['batch']>; preview?: never }
    | { batch?: never; preview: NonNullable<ToolDefinition<Args>['preview']> }
  );

/** An immediate tool: applied at once under policy, shown in review as done, never trusted. */
type ImmediateParts<Args> = ModelCore<Args> &
  ProposalParts<Args> &
  Required<Pick<ToolDefinition<Args>, 'preview'>> & { review: { kind: string; trustedAs?: never } };

/**
 * An internal tool: the person's own operations, undo, sync, and the singular tools that
 * a batch's items are applied with. Never offered to the model.
 */
type InternalParts<Args> = Core<Args> &
  ProposalParts<Args> &
  Pick<ToolDefinition<Args>, 'preview' | 'review'>;

type Schemed<Parts, Schema> = Parts & { argsSchema: Schema };
type Defined<Schema extends z.ZodType> = ToolDefinition<z.output<Schema>>;

/** A model tool whose calls wait for review (route `deferred`). */
export function defineDeferredTool<Schema extends z.ZodType>(
  definition: Schemed<DeferredParts<z.output<Schema>>, Schema>,
): Defined<Schema> {
  return { ...definition, audience: 'model', route: 'deferred' };
}

/** A model tool applied at once under policy (route `immediate`). */
export function defineImmediateTool<Schema extends z.ZodType>(
  definition: Schemed<ImmediateParts<z.output<Schema>>, Schema>,
): Defined<Schema> {
  return { ...definition, audience: 'model', route: 'immediate' };
}

/** A tool never offered to the model (audience `internal`, no route). */
export function defineInternalTool<Schema extends z.ZodType>(
  definition: Schemed<InternalParts<z.output<Schema>>, Schema>,
): Defined<Schema> {
  return { ...definition, audience: 'internal' };
}
