/** One model check's scores: the eval's table (src/eval/eval-table.ts), a row per situation. */
import { EVAL_COLUMNS, situationCells, situationNotes, totalCells } from '../../eval/eval-table';
import type { EvalRun } from '../../eval/eval-run';

export function ModelCheckTable({ run }: { run: EvalRun }) {
  const { totals } = run;
  const notes = run.scores.flatMap((score) =>
    situationNotes(score).map((note) => ({
      key: `${score.id}:${note}`,
      text: `${score.name}: ${note}`,
    })),
  );
  return (
    <section className="stack model-check__run" aria-label={`Check of ${run.model}`}>
      <p>
        <strong>{run.model}</strong>: {totals.passed} of {totals.situations} situations passed,{' '}
        {totals.matched} of {totals.expected} expected proposals saved, {totals.forbidden} forbidden{' '}
        {totals.forbidden === 1 ? 'change' : 'changes'} attempted.
      </p>
      {/* Focusable, so a keyboard can scroll a table wider than the screen. */}
      <div
        className="agent-stats__scroll"
        tabIndex={0}
        role="group"
        aria-label={`Scores of ${run.model}`}
      >
        <table className="agent-stats__table">
          <caption className="visually-hidden">Scores of {run.model}</caption>
          <thead>
            <tr>
              {EVAL_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...run.scores.map(situationCells), totalCells(totals)].map(([name, ...cells]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {cells.map((cell, index) => (
                  <td key={EVAL_COLUMNS[index + 1]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notes.length > 0 && (
        <ul className="model-check__notes">
          {notes.map((note) => (
            <li key={note.key}>{note.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
