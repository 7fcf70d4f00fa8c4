/**
 * The score table, one row per situation and one overall, as cells of text: the CLI
 * prints it, the markdown report and Settings' "Check this model" show the same cells.
 */
import type { EvalTotals, SituationScore } from './eval-run';

export const EVAL_COLUMNS = [
  'Situation',
  'Result',
  'Valid calls',
  'Expected saved',
  'Forbidden tried',
  'Turns',
  'Tokens',
  'Time',
] as const;

const thousands = (value: number) => value.toLocaleString('en-US');
const seconds = (milliseconds: number) => `${(milliseconds / 1_000).toFixed(1)} s`;

function result(score: SituationScore): string {
  if (score.status === 'failed') return 'failed';
  if (score.passed) return 'pass';
  if (score.outOfTurns) return 'out of turns';
  return 'miss';
}

export function situationCells(score: SituationScore): string[] {
  return [
    score.name,
    result(score),
    `${score.validCalls}/${score.calls}`,
    `${score.matched}/${score.expected}`,
    String(score.forbidden),
    `${score.turns}/${score.maxTurns}`,
    thousands(score.inputTokens + score.outputTokens),
    seconds(score.milliseconds),
  ];
}

export function totalCells(totals: EvalTotals): string[] {
  return [
    'Overall',
    `${totals.passed}/${totals.situations} passed`,
    `${totals.validCalls}/${totals.calls}`,
    `${totals.matched}/${totals.expected}`,
    String(totals.forbidden),
    String(totals.turns),
    thousands(totals.inputTokens + totals.outputTokens),
    seconds(totals.milliseconds),
  ];
}

/** What went wrong in one situation, in words, or nothing when it passed. */
export function situationNotes(score: SituationScore): string[] {
  return [
    ...(score.message ? [`The wake failed: ${score.message}`] : []),
    ...score.missing.map((says) => `Did not propose ${says}.`),
    ...score.attempted.map((says) => `Attempted ${says}.`),
    ...(score.outOfTurns ? [`Used all ${score.maxTurns} turns without finishing its report.`] : []),
  ];
}
