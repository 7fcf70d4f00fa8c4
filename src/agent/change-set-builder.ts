/**
 * Collects the proposals of one wake (docs/decisions/0004-deferred-tools-and-change-sets.md). Batch
 * calls are exploded into one item per element; an item is skipped, with the reason told
 * to the model, when an earlier call of this wake or the open change set already asks for
 * it, when the user rejected it before, or when the tool says it would change nothing or
 * names something that is not on the task. Repeated elements of one batch are kept (the
 * checklist plan). `flush()` writes the queued items into the task's one open change set,
 * with the turn's audit messages, in one transaction at every turn boundary.
 */
import { openChangeSet } from '../db/agent-records';
import { newChangeSet, type ItemContent } from '../db/change-items';
import type { CountersignDatabase } from '../db/database';
import { createJournalReader } from '../db/journal-store';
import { suppressionHook } from './suppression-hook';
import { changeItemId, type Proposal } from '../domain/change-set';
import { proposalFingerprint } from '../domain/fingerprint';
import { writeAuditsSafely, type AuditDraft, type AuditEntry } from '../dispatcher/audit-writer';
import type { JournalReader } from '../domain/journal-access';
import type { Rule } from '../domain/rule';
import { runOperation } from '../dispatcher/run-operations';
import { findTool } from '../tools/registry';
import { loadSummaryNames } from '../tools/summary-names';
import type { SummaryNames, ToolDefinition } from '../tools/tool-definition';

const DEFAULT_CHANGE_SET_TTL_DAYS = 7;

export interface BuilderOptions {
  db: CountersignDatabase;
  taskId: string;
  agentId: string;
  operationKey: string;
  deviceId: string;
  /** Fingerprints the user rejected for this task, with their reason. */
  rejected: ReadonlyMap<string, string | undefined>;
  /** Fingerprints already waiting for review in the open change set. */
  openFingerprints: ReadonlySet<string>;
  ttlDays?: number;
  now?: () => Date;
  /**
   * What the wake has read already: the journal its proposals read (src/agent/wake-journal.ts),
   * the names their summaries mention, and the task's category with its rules. Without
   * them, each is read from IndexedDB when first needed.
   */
  known?: {
    journal: JournalReader;
    names: SummaryNames;
    categoryId: string | undefined;
    rules: readonly Rule[];
  };
}

export interface ProposalOutcome {
  queued: string[];
  skipped: { summary: string; reason: string }[];
}

/** Audit messages of one turn, written with its proposals. */
export interface TurnAudit {
  draft: AuditDraft;
  entries: AuditEntry[];
}

export class ChangeSetBuilder {
  /** Fingerprints queued by earlier calls of this wake (a batch may repeat itself). */
  private readonly seenFingerprints = new Set<string>();
  private unflushed: Proposal[] = [];
  private queuedTotal = 0;
  private savedTotal = 0;
  private names: Promise<SummaryNames> | undefined;
  private readonly journal: JournalReader;
  /** The person's suppression rules for this task's category: the call is answered, never queued. */
  private readonly suppression: ReturnType<typeof suppressionHook>;

  constructor(private readonly options: BuilderOptions) {
    const { known } = options;
    this.journal = known?.journal ?? createJournalReader(options.db);
    if (known) this.names = Promise.resolve(known.names);
    this.suppression = suppressionHook(options.db, options.taskId, known);
  }

  /** Whether the next flush has proposals (or suppressions) to write. */
  get hasUnflushed(): boolean {
    return this.unflushed.length > 0 || this.suppression.waiting;
  }

  /** How many items this wake has queued so far. */
  get queuedCount(): number {
    return this.queuedTotal;
  }

  /** How many of them are saved, waiting for review (a failed flush saves none of its turn). */
  get savedCount(): number {
    return this.savedTotal;
  }

  /**
   * Queues a validated call of a deferred tool; `args` are already parsed by its schema.
   * Its `rationale` (why the agent asks) goes on each item it explodes into, not in the
   * item's arguments: it is never part of what is applied or of the proposal's identity.
   */
  async propose(
    tool: ToolDefinition<unknown>,
    args: unknown,
    groupId: string,
  ): Promise<ProposalOutcome> {
    const { taskId } = this.options;
    const { journal } = this;
    // Names for summaries, once per wake: what a summary mentions is the task as the wake read it.
    this.names ??= loadSummaryNames(journal, taskId);
    const names = await this.names;
    const { rationale, rest } = splitRationale(args);
    const outcome: ProposalOutcome = { queued: [], skipped: [] };
    const elements = explode(tool, rest, `${this.options.operationKey}:${groupId}`);
    const queuedByThisCall: string[] = [];

    for (const element of elements) {
      const parsed = element.tool.argsSchema.safeParse(element.args);
      if (!parsed.success) {
        outcome.skipped.push({
          summary: element.tool.name,
          reason: parsed.error.issues[0]?.message ?? 'invalid arguments',
        });
        continue;
      }
      const itemArgs = parsed.data as Record<string, unknown>;
      const summary = element.tool.summarize(itemArgs, names);
      // From the parsed, normalised arguments: " Urgent " rejected is "Urgent" rejected.
      const fingerprint = proposalFingerprint(element.tool.name, itemArgs);
      const context = { taskId, source: 'agent' as const };
      const suppressedBy = await this.suppression.check(element.tool.name, itemArgs, summary);
      if (suppressedBy) {
        outcome.skipped.push({ summary, reason: suppressedBy });
        continue;
      }
      const reason = this.options.rejected.has(fingerprint)
        ? `the user rejected this before${rejectionReason(this.options.rejected.get(fingerprint))}; do not propose it again unless something changed`
        : this.seenFingerprints.has(fingerprint)
          ? 'already proposed in this wake'
          : this.options.openFingerprints.has(fingerprint)
            ? 'already waiting for the user\u2019s review'
            : await element.tool.checkProposal?.(itemArgs, journal, context);
      if (reason) {
        outcome.skipped.push({ summary, reason });
        continue;
      }
      queuedByThisCall.push(fingerprint);
      const target = element.tool.proposalTarget?.(itemArgs, context);
      const entity = target
        ? ((await journal.storedRow(target.table, target.id)) as
            Record<string, unknown> | undefined)
        : undefined;
      const base =
        target && entity
          ? Object.fromEntries(target.fields.map((field) => [field, entity[field] ?? null]))
          : undefined;
      this.unflushed.push({
        toolName: element.tool.name,
        args: itemArgs,
        humanSummary: summary,
        fingerprint,
        baseRev: typeof entity?.rev === 'number' ? entity.rev : 0,
        ...(base ? { base } : {}),
        groupId,
        ...(rationale ? { rationale } : {}),
      });
      outcome.queued.push(summary);
    }
    for (const fingerprint of queuedByThisCall) this.seenFingerprints.add(fingerprint);
    this.queuedTotal += outcome.queued.length;
    return outcome;
  }

  /**
   * Writes queued items into the task's open change set, or a new one when there is none
   * (a set the user already resolved is never written into), with the turn's audit
   * messages. One transaction, so the page sees all of a turn's proposals at once or none.
   * Each item expires on its own, counted from now. Returns how many items it wrote.
   */
  async flush(audit: readonly TurnAudit[] = []): Promise<number> {
    const { db, taskId, agentId, operationKey, deviceId } = this.options;
    const proposals = this.unflushed;
    const suppressed = this.suppression.take();
    if (proposals.length === 0 && audit.length === 0 && suppressed.length === 0) return 0;
    this.unflushed = [];
    const now = (this.options.now?.() ?? new Date()).toISOString();
    const ttlMs = (this.options.ttlDays ?? DEFAULT_CHANGE_SET_TTL_DAYS) * 86_400_000;
    const expiresAt = new Date(Date.parse(now) + ttlMs).toISOString();
    const stamp = { deviceId, now };
    const outcome = await runOperation(db, {
      operationKey: `${operationKey}:proposals:${now}`,
      kind: 'proposal',
      followUp: async (_applied, { changeItems: writer }) => {
        // Issued side by side: one round trip to IndexedDB for the audit, the rules' counts,
        // the open set, what waits in it, and what the item writes will need.
        const proposing = proposals.length > 0;
        const [open, pending] = await Promise.all([
          proposing ? openChangeSet(db, taskId) : undefined,
          proposing
            ? db.changeItems.where('[taskId+status]').equals([taskId, 'pending']).toArray()
            : [],
          proposing ? writer.load({ tasks: [taskId], tallies: true }) : undefined,
          writeAuditsSafely(db, audit),
          this.suppression.record(suppressed, { operationKey, taskId, now }),
        ]);
        if (!proposing) return { value: 0 };
        const created = open
          ? undefined
          : newChangeSet({ id: crypto.randomUUID(), agentId, taskId, runKey: operationKey }, stamp);
        const set = open ?? created!.set;
        if (created) writer.add(created.set);
        else writer.know(set);
        const waiting = new Set(
          pending.filter((item) => item.changeSetId === set.id).map((item) => item.fingerprint),
        );
        // Another wake may have queued the same change meanwhile; a batch's own repeats stay.
        const fresh = proposals.filter((proposal) => !waiting.has(proposal.fingerprint));
        const items: ItemContent[] = fresh.map((proposal, offset) => {
          const itemIndex = set.counts.total + offset;
          return {
            ...proposal,
            id: changeItemId(set.id, itemIndex),
            changeSetId: set.id,
            itemIndex,
            taskId,
            status: 'pending',
            proposedAt: now,
            proposedOn: deviceId,
            expiresAt,
          };
        });
        const diffs = await writer.write(
          items.map((after) => ({ before: undefined, after })),
          stamp,
        );
        return { value: items.length, diffs: created ? [created.diff, ...diffs] : diffs };
      },
    });
    if (outcome.kind === 'failed') throw new ProposalStorageError(outcome.result.output);
    const saved = outcome.kind === 'done' ? (outcome.value ?? 0) : 0;
    this.savedTotal += saved;
    return saved;
  }
}

/** The proposals of a turn could not be saved: storage, not the model, failed. */
export class ProposalStorageError extends Error {
  override readonly name = 'ProposalStorageError';
}

function splitRationale(args: unknown): { rationale: string | undefined; rest: unknown } {
  if (typeof args !== 'object' || args === null || !('rationale' in args)) {
    return { rationale: undefined, rest: args };
  }
  const { rationale, ...rest } = args as Record<string, unknown>;
  return { rationale: typeof rationale === 'string' && rationale ? rationale : undefined, rest };
}

/**
 * One element per item of a batch call, in the batch's order. Elements of an ordered batch
 * carry their place in it (`batchId` names this call), so they are applied in that order
 * whatever order they are confirmed in. Repeated elements are kept (the checklist plan).
 */
function explode(
  tool: ToolDefinition<unknown>,
  args: unknown,
  batchId: string,
): { tool: ToolDefinition<unknown>; args: unknown }[] {
  if (!tool.batch) return [{ tool, args }];
  const singular = findTool(tool.batch.singular);
  const elements = (args as Record<string, unknown>)[tool.batch.key];
  if (!singular || !Array.isArray(elements)) return [{ tool, args }];
  const ordered = tool.batch.ordered === true;
  return elements.map((element, index) => ({
    tool: singular,
    args: ordered ? { ...(element as object), placement: { batchId, index } } : element,
  }));
}

function rejectionReason(reason: string | undefined): string {
  return reason ? ` (their reason: ${JSON.stringify(reason)})` : '';
}
