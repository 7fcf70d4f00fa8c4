/**
 * How the person decides, per tool: how often its proposals are
 * confirmed as proposed, confirmed with changes, rejected, applied by a trusted-tool rule
 * or left to expire, and how long a decision took from the proposal. Kept as running
 * totals in `tallies`, in the transaction that writes each decision, so Settings reads a
 * few rows per tool instead of the whole history. Times go into doubling buckets (1 s,
 * 2 s, 4 s …), from which the median is read to within its bucket. Counted on this device.
 */
import type { Decision } from '../domain/change-set';
import type { CountersignDatabase } from './database';

const DECISION_OUTCOMES = ['confirmed', 'edited', 'rejected', 'rule', 'expired'] as const;
type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

const MAX_BUCKET = 30;

function outcomeOf(decision: Decision): DecisionOutcome | undefined {
  if (decision.verdict === 'expired') return 'expired';
  if (decision.verdict === 'rejected') return 'rejected';
  if (decision.verdict !== 'confirmed') return undefined;
  if (decision.actor === 'rule') return 'rule';
  return decision.appliedArgs ? 'edited' : 'confirmed';
}

/** The doubling bucket of a time to decide: 0 for under 2 s, 1 for 2–4 s, … */
function bucketOf(milliseconds: number): number {
  const seconds = Math.max(1, milliseconds / 1_000);
  return Math.min(MAX_BUCKET, Math.floor(Math.log2(seconds)));
}

/** Must run inside a readwrite transaction over `tallies` (a decision's own). */
export async function countDecisions(
  db: CountersignDatabase,
  decisions: readonly Decision[],
): Promise<void> {
  const deltas = new Map<string, number>();
  const add = (key: string) => deltas.set(key, (deltas.get(key) ?? 0) + 1);
  for (const decision of decisions) {
    const outcome = outcomeOf(decision);
    if (!outcome) continue;
    add(`decided:${decision.toolName}:${outcome}`);
    const took = Date.parse(decision.decidedAt) - Date.parse(decision.proposedAt ?? '');
    if (decision.actor === 'user' && Number.isFinite(took) && took >= 0)
      add(`decideTime:${decision.toolName}:${bucketOf(took)}`);
  }
  if (deltas.size === 0) return;
  const keys = [...deltas.keys()];
  const rows = await db.tallies.bulkGet(keys);
  await db.tallies.bulkPut(
    keys.map((key, index) => ({ key, value: (rows[index]?.value ?? 0) + deltas.get(key)! })),
  );
}

export interface ToolDecisionStats {
  toolName: string;
  counts: Record<DecisionOutcome, number>;
  /** The median time from proposal to the person's decision, in ms (its bucket's middle). */
  medianMs: number | undefined;
}

/** Per tool, from the tallies alone. */
export async function readDecisionStats(db: CountersignDatabase): Promise<ToolDecisionStats[]> {
  const [decided, times] = await Promise.all([
    db.tallies.where('key').startsWith('decided:').toArray(),
    db.tallies.where('key').startsWith('decideTime:').toArray(),
  ]);
  const byTool = new Map<string, ToolDecisionStats & { buckets: Map<number, number> }>();
  const entry = (toolName: string) => {
    let stats = byTool.get(toolName);
    if (!stats) {
      stats = {
        toolName,
        counts: { confirmed: 0, edited: 0, rejected: 0, rule: 0, expired: 0 },
        medianMs: undefined,
        buckets: new Map(),
      };
      byTool.set(toolName, stats);
    }
    return stats;
  };
  for (const { key, value } of decided) {
    const [, toolName = '', outcome = ''] = key.split(':');
    if ((DECISION_OUTCOMES as readonly string[]).includes(outcome))
      entry(toolName).counts[outcome as DecisionOutcome] += value;
  }
  for (const { key, value } of times) {
    const [, toolName = '', bucket = ''] = key.split(':');
    entry(toolName).buckets.set(Number(bucket), value);
  }
  return [...byTool.values()]
    .map(({ buckets, ...stats }) => ({ ...stats, medianMs: medianOf(buckets) }))
    .sort((a, b) => a.toolName.localeCompare(b.toolName));
}

function medianOf(buckets: ReadonlyMap<number, number>): number | undefined {
  const total = [...buckets.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return undefined;
  let seen = 0;
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(bucket)!;
    if (seen * 2 >= total) return Math.round(2 ** (bucket + 0.5) * 1_000);
  }
  return undefined;
}
