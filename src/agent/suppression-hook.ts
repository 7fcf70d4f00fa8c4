/**
 * The change set builder's view of the person's suppression rules: a call a rule stops is
 * answered with a teaching message (what stopped it, and that asking again will not help),
 * and each suppression is audited and counted when the turn's proposals are written, in
 * the same transaction.
 */
import type { CountersignDatabase } from '../db/database';
import {
  countRuleFirings,
  loadSuppressionCheck,
  suppressionCheckOf,
  type SuppressionCheck,
} from '../db/rules';
import type { Rule } from '../domain/rule';
import { writeAuditsSafely } from '../dispatcher/audit-writer';

interface Suppressed {
  ruleId: string;
  toolName: string;
  summary: string;
  args: Record<string, unknown>;
}

/** `known`: the task's category and its rules, when the caller has read them already. */
export function suppressionHook(
  db: CountersignDatabase,
  taskId: string,
  known?: { categoryId: string | undefined; rules: readonly Rule[] },
) {
  let checker: Promise<SuppressionCheck> | undefined = known
    ? Promise.resolve(suppressionCheckOf(known.rules, known.categoryId))
    : undefined;
  let pending: Suppressed[] = [];
  return {
    /** The reason to give the model, when a rule stops this proposal. */
    async check(
      toolName: string,
      args: Record<string, unknown>,
      summary: string,
    ): Promise<string | undefined> {
      checker ??= loadSuppressionCheck(db, taskId);
      const rule = (await checker)(toolName, args);
      if (!rule) return undefined;
      pending.push({ ruleId: rule.id, toolName, summary, args });
      return 'the user turned off this kind of proposal for tasks in this category (a rule they made in Settings); do not propose it, or anything like it, again';
    },
    /** Whether a suppression waits for the next flush. */
    get waiting(): boolean {
      return pending.length > 0;
    },
    /** The suppressions since the last flush. */
    take(): Suppressed[] {
      const taken = pending;
      pending = [];
      return taken;
    },
    /** Must run inside the flush's transaction (auditMessages and tallies). */
    async record(
      suppressed: readonly Suppressed[],
      where: { operationKey: string; taskId: string; now: string },
    ): Promise<void> {
      if (suppressed.length === 0) return;
      await writeAuditsSafely(
        db,
        suppressed.map(({ ruleId, toolName, summary, args }) => ({
          draft: {
            operationKey: where.operationKey,
            toolName,
            operationId: '',
            taskId: where.taskId,
            source: 'agent' as const,
            now: where.now,
          },
          entries: [
            {
              kind: 'policyDenied' as const,
              outcome: 'denied' as const,
              summary: `Not proposed, stopped by your rule: ${summary}`,
              payload: { ruleId, args: JSON.stringify(args).slice(0, 2_000) },
            },
          ],
        })),
      );
      await countRuleFirings(
        db,
        suppressed.map((entry) => entry.ruleId),
      );
    },
  };
}
