/**
 * The person's rules as the wake and Settings read them, and how often each fired. A
 * firing is counted on this device in `tallies` (`ruleFired:<id>`), in the transaction
 * that audits it, so the Settings list reads one row per rule and the synced rule row is
 * never rewritten by a wake.
 */
import { ruleStops, type Rule } from '../domain/rule';
import type { CountersignDatabase } from './database';

const firedKey = (ruleId: string) => `ruleFired:${ruleId}`;

/** Which live rule, if any, stops a proposal: built once per wake from the task's category. */
export type SuppressionCheck = (
  toolName: string,
  args: Record<string, unknown>,
) => Rule | undefined;

export async function loadSuppressionCheck(
  db: CountersignDatabase,
  taskId: string,
): Promise<SuppressionCheck> {
  const task = await db.tasks.get(taskId);
  const categoryId = task?.categoryId;
  const rules = categoryId ? await db.rules.where('categoryId').equals(categoryId).toArray() : [];
  return suppressionCheckOf(rules, categoryId);
}

/** The check over rules already read (the wake reads them with its context). */
export function suppressionCheckOf(
  rules: readonly Rule[],
  categoryId: string | undefined,
): SuppressionCheck {
  return (toolName, args) => rules.find((rule) => ruleStops(rule, toolName, args, categoryId));
}

/** Must run inside a readwrite transaction over `tallies`. */
export async function countRuleFirings(
  db: CountersignDatabase,
  ruleIds: readonly string[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const id of ruleIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const keys = [...counts.keys()].map(firedKey);
  const rows = await db.tallies.bulkGet(keys);
  await db.tallies.bulkPut(
    [...counts].map(([id, count], index) => ({
      key: firedKey(id),
      value: (rows[index]?.value ?? 0) + count,
    })),
  );
}

export interface RuleWithFirings {
  rule: Rule;
  fired: number;
}

/** Every live rule, newest first, with how often it fired here. */
export async function listRules(db: CountersignDatabase): Promise<RuleWithFirings[]> {
  const rules = (await db.rules.toArray()).filter((rule) => rule.deletedAt === undefined);
  const fired = await db.tallies.bulkGet(rules.map((rule) => firedKey(rule.id)));
  return rules
    .map((rule, index) => ({ rule, fired: fired[index]?.value ?? 0 }))
    .sort((a, b) => b.rule.createdAt.localeCompare(a.rule.createdAt));
}
