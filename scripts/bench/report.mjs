// Printing: one plain-text table per section, readable in a CI log, plus the JSON file.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const COLUMNS = [
  ['figure', 'Figure'],
  ['median', 'Median'],
  ['p95', 'p95'],
  ['floor', 'Floor (median)'],
  ['versus', 'vs floor'],
  ['target', 'Target'],
  ['meets', 'Target met?'],
];

function formatValue(value, unit) {
  if (value === undefined || value === null) return '—';
  if (unit === 'kB') return `${value.toFixed(1)} kB`;
  if (unit === 'px') return `${Math.round(value)} px`;
  if (unit === 'ms') {
    const digits = Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0;
    return `${value.toFixed(digits)} ms`;
  }
  return `${value}${unit ? ` ${unit}` : ''}`;
}

function versusText(row) {
  if (row.versus !== undefined) return row.versus;
  if (row.ratio !== undefined && row.ratio !== null) return `${row.ratio.toFixed(2)}×`;
  if (row.difference !== undefined && row.difference !== null) {
    return `${row.difference >= 0 ? '+' : '−'}${formatValue(Math.abs(row.difference), row.unit)}`;
  }
  return '—';
}

function meetsText(meets) {
  if (meets === true) return 'met';
  if (meets === false) return 'not met';
  return '—';
}

/** `titles` renames columns for one section (the curve's "Floor" is the 1× figure). */
function renderTable(rows, titles = {}) {
  const columns = COLUMNS.map(([key, title]) => [key, titles[key] ?? title]);
  const cells = rows.map((row) => ({
    figure: row.figure,
    median: formatValue(row.median, row.unit),
    p95: formatValue(row.p95, row.unit),
    floor: formatValue(row.floor, row.unit),
    versus: versusText(row),
    target: row.target ?? '—',
    meets: meetsText(row.meetsTarget),
  }));
  const widths = columns.map(([key, title]) =>
    Math.max(title.length, ...cells.map((cell) => String(cell[key]).length)),
  );
  const line = (values) =>
    values
      .map((value, index) => String(value).padEnd(widths[index]))
      .join(' │ ')
      .trimEnd();
  return [
    line(columns.map(([, title]) => title)),
    widths.map((width) => '─'.repeat(width)).join('─┼─'),
    ...cells.map((cell) => line(columns.map(([key]) => cell[key]))),
  ].join('\n');
}

export function printSection(section) {
  console.log(`\n${section.title}`);
  console.log('═'.repeat(section.title.length));
  if (section.status === 'not measured') {
    console.log(`NOT MEASURED: ${section.reason}`);
  } else {
    if (section.status === 'partly measured') console.log(`PARTLY MEASURED: ${section.reason}`);
    console.log(renderTable(section.rows, section.columnTitles));
  }
  for (const note of section.notes ?? []) console.log(`  · ${note}`);
  if (section.machineLoad) {
    const { atStart, atEnd } = section.machineLoad;
    console.log(
      `  · Machine load (1-minute average): ${atStart} at the start, ${atEnd} at the end.`,
    );
  }
}

export async function writeJson(path, data) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(data, null, 2)}\n`);
}
