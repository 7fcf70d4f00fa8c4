// Sections 11 and 12: import of a large file (and its undo), and export.
import { round } from './stats.mjs';
import { numberText } from './section-rows.mjs';

/* Section 11: import of a large file, and its undo. */

function importRow(figure, log) {
  const longest = Math.max(0, ...log.longTasks);
  return [
    { figure, unit: 'ms', median: round(log.wallMs) },
    {
      figure: '  longest main-thread task meanwhile',
      unit: 'ms',
      median: round(longest),
      target: '≤ 200 ms',
      meetsTarget: longest <= 200,
      versus: `${log.longTasks.length} tasks over 50 ms`,
    },
  ];
}

function describeImportFrames(log) {
  return (log.longestFrames ?? [])
    .map((frame) => `${frame.duration} ms (${frame.scripts.join('; ') || 'no script attributed'})`)
    .join(', ');
}

export function importSection({ rows, fileBytes, imported, undone }) {
  return {
    id: 'import',
    title: `11. Import of ${numberText(rows)} rows, and Undo import`,
    status: 'measured',
    rows: [
      ...importRow(
        `Import journal: ${numberText(rows)} rows, file chosen → outcome shown`,
        imported,
      ),
      ...importRow('Undo import of it: tap → outcome shown', undone),
    ],
    notes: [
      `A ${(fileBytes / 1e6).toFixed(1)} MB export (a tenth tasks, two fifths checklist items, half entries, all new) handed to the real file input in Settings, in a fresh profile. The file is checked row by row in time slices, then written in parts of 100 rows, each its own operation (ledger pre-images, outbox row), the page given back between parts.`,
      `Progress shown: ${imported.progressLines.map((line) => `"${line}"`).join(', ')}.`,
      `Outcome: ${imported.outcome} / ${undone.outcome}`,
      `Longest frames of the import: ${describeImportFrames(imported)}; of the undo: ${describeImportFrames(undone)}.`,
    ],
    raw: { rows, fileBytes, imported, undone },
  };
}

/* Section 12: export of the whole journal at 1× and the curve's large size. */

export function exportSection(scale, one, large) {
  return {
    id: 'export',
    title: `12. Export journal at 1× and ${scale}×`,
    status: 'measured',
    rows: [
      ...importRow(
        `Export journal at 1× (${(one.fileBytes / 1e6).toFixed(1)} MB): tap → outcome shown`,
        one.log,
      ),
      ...importRow(
        `Export journal at ${scale}× (${(large.fileBytes / 1e6).toFixed(1)} MB): tap → outcome shown`,
        large.log,
      ),
    ],
    notes: [
      'The export is written in a worker, 2,000 rows a page inside one read transaction, folded into a Blob every few megabytes (src/transfer/export-worker.ts); the page only shows progress and hands the Blob to the download.',
      `Progress shown at ${scale}×: ${large.log.progressLines.map((line) => `"${line}"`).join(', ')}.`,
      `Longest frames at ${scale}×: ${describeImportFrames(large.log)}.`,
    ],
    raw: { scale, one, large },
  };
}
