/**
 * Collects the proposals of one wake (ADR 0006 decisions 2 and 3). Batch calls are
 * exploded into one item per element; an item is skipped, with the reason told to the
 * model, when it repeats something already proposed in this wake or waiting for review,
 * when the user rejected it before, or when the tool says it would change nothing or
 * names something that is not on the task. `flush()` writes the queued items into the
 * task's one open change set, and is called at every turn boundary.
 */
import type { CountersignDatabase } from '../db/database';
import { openChangeSet } from '../db/agent-records';
import { createJournalReader } from '../db/journal-store';
import type { ChangeItem } from '../domain/change-set';
import { deriveChangeSetStatus } from '../domain/change-set-status';
import { proposalFingerprint } from '../domain/fingerprint';
import { findTool } from '../tools/registry';
import { loadSummaryNames } from '../tools/summary-names';
import type { ToolDefinition } from '../tools/tool-definition';

export const DEFAULT_CHANGE_SET_TTL_DAYS = 7;

export interface BuilderOptions {
  db: CountersignDatabase;
  taskId: string;
  agentId: string;
  runKey: string;
  deviceId: string;
  /** Fingerprints the user rejected for this task, with their reason. */
  rejected: ReadonlyMap<string, string | undefined>;
  /** Fingerprints already waiting for review in the open change set. */
  openFingerprints: ReadonlySet<string>;
  ttlDays?: number;
  now?: () => Date;
}

export interface ProposalOutcome {
  queued: string[];
  skipped: { summary: string; reason: string }[];
}

export class ChangeSetBuilder {
  /** Fingerprints queued by earlier calls of this wake (a batch may repeat itself). */
  private readonly seenFingerprints = new Set<string>();
  private unflushed: ChangeItem[] = [];
  private queuedTotal = 0;

  constructor(private readonly options: BuilderOptions) {}

  /** How many items this wake has queued so far. */
  get queuedCount(): number {
    return this.queuedTotal;
  }

  /** Queues a validated call of a deferred tool; `args` are already parsed by its schema. */
  async propose(
    tool: ToolDefinition<unknown>,
    args: unknown,
    groupId: string,
  ): Promise<ProposalOutcome> {
    const { db, taskId } = this.options;
    const journal = createJournalReader(db);
    const names = await loadSummaryNames(journal, taskId);
    const outcome: ProposalOutcome = { queued: [], skipped: [] };
    const elements = explode(tool, args, `${this.options.runKey}:${groupId}`);
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
      const fingerprint = proposalFingerprint(element.tool.name, itemArgs);
      const context = { taskId, source: 'agent' as const };
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
        ? ((await db[target.table].get(target.id)) as Record<string, unknown> | undefined)
        : undefined;
      const base =
        target && entity
          ? Object.fromEntries(target.fields.map((field) => [field, entity[field] ?? null]))
          : undefined;
      this.unflushed.push({
        toolName: element.tool.name,
        args: itemArgs,
        humanSummary: summary,
        status: 'pending',
        fingerprint,
        baseRev: typeof entity?.rev === 'number' ? entity.rev : 0,
        ...(base ? { base } : {}),
        groupId,
      });
      outcome.queued.push(summary);
    }
    for (const fingerprint of queuedByThisCall) this.seenFingerprints.add(fingerprint);
    this.queuedTotal += outcome.queued.length;
    return outcome;
  }

  /**
   * Writes queued items into the task's open change set, or a new one when there is
   * none (a set the user already resolved is never written into). One transaction, so
   * the page sees all of a turn's proposals at once or none of them.
   */
  async flush(): Promise<number> {
    if (this.unflushed.length === 0) return 0;
    const { db, taskId, agentId, runKey, deviceId } = this.options;
    const items = this.unflushed;
    this.unflushed = [];
    const now = (this.options.now?.() ?? new Date()).toISOString();
    const ttlMs = (this.options.ttlDays ?? DEFAULT_CHANGE_SET_TTL_DAYS) * 86_400_000;
    await db.transaction('rw', db.changeSets, async () => {
      const open = await openChangeSet(db, taskId);
      if (open) {
        const waiting = new Set(
          open.items.filter((item) => item.status === 'pending').map((item) => item.fingerprint),
        );
        const merged = [...open.items, ...items.filter((item) => !waiting.has(item.fingerprint))];
        await db.changeSets.put({
          ...open,
          items: merged,
          status: deriveChangeSetStatus(merged),
          updatedAt: now,
          rev: open.rev + 1,
          vectorClock: { ...open.vectorClock, [deviceId]: (open.vectorClock[deviceId] ?? 0) + 1 },
          expiresAt: new Date(Date.parse(now) + ttlMs).toISOString(),
        });
      } else {
        await db.changeSets.add({
          id: crypto.randomUUID(),
          agentId,
          taskId,
          runKey,
          status: 'pending',
          items,
          createdAt: now,
          updatedAt: now,
          rev: 1,
          vectorClock: { [deviceId]: 1 },
          expiresAt: new Date(Date.parse(now) + ttlMs).toISOString(),
        });
      }
    });
    return items.length;
  }
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
