/** The eval's reports: a table to print, and a markdown page to keep (the JSON is the run itself). */
import { EVAL_COLUMNS, situationCells, situationNotes, totalCells } from './eval-table';
import type { EvalRun } from './eval-run';

export function textTable(run: EvalRun): string {
  const rows = [[...EVAL_COLUMNS], ...run.scores.map(situationCells), totalCells(run.totals)];
  const widths = EVAL_COLUMNS.map((_, column) =>
    Math.max(...rows.map((row) => row[column]!.length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(rows[0]!), rule, ...rows.slice(1, -1).map(line), rule, line(rows.at(-1)!)].join(
    '\n',
  );
}

export function markdownReport(run: EvalRun): string {
  const cells = (row: string[]) =>
    `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  const notes = run.scores.flatMap((score) =>
    situationNotes(score).map((note) => `- **${score.name}**: ${note}`),
  );
  const { totals } = run;
  return [
    `# Countersign eval: ${run.model}`,
    '',
    `Run ${run.startedAt}. ${totals.passed} of ${totals.situations} situations passed; ${totals.matched} of ${totals.expected} expected proposals were saved for review; ${totals.validCalls} of ${totals.calls} tool calls were valid; ${totals.forbidden} forbidden change${totals.forbidden === 1 ? ' was' : 's were'} attempted.`,
    '',
    cells([...EVAL_COLUMNS]),
    cells(EVAL_COLUMNS.map((_, index) => (index === 0 ? '---' : '---:'))),
    ...run.scores.map((score) => cells(situationCells(score))),
    cells(totalCells(totals).map((cell) => `**${cell}**`)),
    '',
    '## What went wrong',
    '',
    ...(notes.length > 0 ? notes : ['Nothing: every situation passed.']),
    '',
  ].join('\n');
}
