/**
 * The agent's record: a short per-kind summary of recent decisions on this task
 * and on other tasks of its category: confirmed as proposed, confirmed with changes (with
 * the typical edit), rejected (with the top reasons), not reviewed. Bounded: at most
 * RECORD_BUDGET_CHARACTERS of text, the busiest kinds first, whatever the history's size.
 */
import type { Decision } from '../domain/change-set';
import { describeChangedValues } from '../lib/describe-changed-values';
import { reviewKind } from '../tools/registry';

export const RECORD_BUDGET_CHARACTERS = 1_500;
const LINE_LIMIT = 300;
const REASON_LIMIT = 80;

interface Tally {
  kind: string;
  asProposed: number;
  edited: number;
  edits: string[];
  rejected: number;
  reasons: string[];
  expired: number;
  undone: number;
}

/** The most frequent values, most frequent first, with their counts. */
function mostFrequent(values: readonly string[], count: number): [string, number][] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, count);
}

function tallyByKind(decisions: readonly Decision[]): Tally[] {
  const tallies = new Map<string, Tally>();
  for (const decision of decisions) {
    if (decision.deletedAt !== undefined || decision.verdict === 'retracted') continue;
    const kind = reviewKind(decision.toolName);
    const tally = tallies.get(kind) ?? {
      kind,
      asProposed: 0,
      edited: 0,
      edits: [],
      rejected: 0,
      reasons: [],
      expired: 0,
      undone: 0,
    };
    tallies.set(kind, tally);
    if (decision.undoneAt !== undefined) tally.undone += 1;
    else if (decision.verdict === 'expired') tally.expired += 1;
    else if (decision.verdict === 'rejected') {
      tally.rejected += 1;
      if (decision.rejectionReason) tally.reasons.push(decision.rejectionReason);
    } else if (decision.appliedArgs) {
      tally.edited += 1;
      tally.edits.push(describeChangedValues(decision.args, decision.appliedArgs));
    } else tally.asProposed += 1;
  }
  const total = (tally: Tally) =>
    tally.asProposed + tally.edited + tally.rejected + tally.expired + tally.undone;
  return [...tallies.values()].sort((a, b) => total(b) - total(a) || a.kind.localeCompare(b.kind));
}

const clip = (text: string, limit: number) =>
  text.length > limit ? `${text.slice(0, limit - 1)}…` : text;

function describeTally(tally: Tally, scope: string): string {
  const parts: string[] = [];
  if (tally.asProposed > 0) parts.push(`${tally.asProposed} confirmed as proposed`);
  if (tally.edited > 0) {
    const [typical] = mostFrequent(tally.edits, 1);
    parts.push(
      `${tally.edited} confirmed with changes${typical ? ` (typical edit: ${clip(typical[0], REASON_LIMIT)})` : ''}`,
    );
  }
  if (tally.rejected > 0) {
    const reasons = mostFrequent(tally.reasons, 2).map(
      ([reason, count]) =>
        `${JSON.stringify(clip(reason, REASON_LIMIT))}${count > 1 ? ` ×${count}` : ''}`,
    );
    parts.push(
      `${tally.rejected} rejected${reasons.length > 0 ? ` (reasons: ${reasons.join(', ')})` : ''}`,
    );
  }
  if (tally.undone > 0) parts.push(`${tally.undone} confirmed then undone`);
  if (tally.expired > 0) parts.push(`${tally.expired} not reviewed`);
  return clip(`- ${tally.kind} (${scope}): ${parts.join(', ')}`, LINE_LIMIT);
}

/** The record as lines for the context, within `budget` characters. */
export function summarizeRecord(
  scopes: readonly { name: string; decisions: readonly Decision[] }[],
  budget: number = RECORD_BUDGET_CHARACTERS,
): string[] {
  const candidates = scopes.flatMap(({ name, decisions }) =>
    tallyByKind(decisions).map((tally) => describeTally(tally, name)),
  );
  const lines: string[] = [];
  let used = 0;
  for (const [index, line] of candidates.entries()) {
    const omitted = `(${candidates.length - index} more not shown)`;
    if (used + line.length + 1 + omitted.length > budget) {
      lines.push(omitted);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines;
}
