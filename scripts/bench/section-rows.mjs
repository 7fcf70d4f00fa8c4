// What every section builds its rows from: a timing row, a count row, a section of parts
// (a part that failed is named, the others still reported), and the words for frames,
// transactions and requests that the notes use.
import { round, summarize } from './stats.mjs';

export const KB = 1000;
export const numberText = (value) => value.toLocaleString('en-US');

/** A section that could not be measured: the reason is printed in place of the table. */
export function unmeasured(id, title, error) {
  return { id, title, status: 'not measured', reason: error?.message ?? String(error), rows: [] };
}

export function timingRow(figure, samples, extra = {}) {
  const stats = summarize(samples);
  return {
    figure,
    unit: 'ms',
    median: round(stats.median),
    p95: round(stats.p95),
    samples: stats.count,
    min: round(stats.min),
    max: round(stats.max),
    ...extra,
  };
}

/* Sections 7 and 8 are each two measurements; when one of them fails the other is still
 * reported, and the section says which part is missing (and counts as not measured). */

/** Combines the parts of a section: each is `{ rows, notes, raw }` or `{ error }`. */
export function sectionOfParts(id, title, parts) {
  const failed = Object.entries(parts).filter(([, part]) => part.error);
  if (failed.length === Object.keys(parts).length) {
    throw new Error(failed.map(([name, part]) => `${name}: ${part.error.message}`).join('; '));
  }
  const measured = Object.values(parts).filter((part) => !part.error);
  return {
    id,
    title,
    status: failed.length === 0 ? 'measured' : 'partly measured',
    ...(failed.length > 0
      ? {
          reason: failed
            .map(([name, part]) => `${name} not measured: ${part.error.message.split('\n')[0]}`)
            .join('; '),
        }
      : {}),
    rows: measured.flatMap((part) => part.rows),
    notes: measured.flatMap((part) => part.notes),
    raw: Object.fromEntries(
      Object.entries(parts).map(([name, part]) => [
        name,
        part.error ? { error: part.error.message } : part.raw,
      ]),
    ),
  };
}

/** Runs a part's builder; a missing measurement or a builder error becomes `{ error }`. */
export function part(measurement, build) {
  if (measurement.error) return { error: measurement.error };
  try {
    return build(measurement.value);
  } catch (error) {
    return { error };
  }
}

export const median = (samples) => summarize(samples).median;
export const countRow = (figure, counts, extra = {}) => {
  const stats = summarize(counts);
  return { figure, unit: '', median: stats.median, p95: stats.p95, samples: stats.count, ...extra };
};
export const msList = (values) =>
  values.map((value) => (Number.isFinite(value) ? `${Math.round(value)}` : '—')).join(', ');

/** Long animation frames, described for a note: "120 ms (script 80 ms: IDBRequest.onsuccess …)". */
export function describeFrames(frames, limit = 3) {
  return [...frames]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, limit)
    .map((frame) => {
      const scripts = frame.scripts
        .map((script) => `${script.invoker} → ${script.source} ${Math.round(script.duration)} ms`)
        .join('; ');
      return `${Math.round(frame.duration)} ms frame at +${Math.round(frame.at)} ms (rendering ${Math.round(frame.renderMs)} ms${scripts ? `; scripts: ${scripts}` : ''})`;
    })
    .join(' | ');
}

/** "readonly agents+categories+tasks; readwrite … ×2; …": a transaction log, in order. */
export function describeTransactionLog(log) {
  const runs = [];
  for (const entry of log) {
    const text = `${entry.mode === 'readwrite' ? 'rw' : 'r'} ${entry.tables.join('+')}`;
    const last = runs.at(-1);
    if (last?.text === text) last.times += 1;
    else runs.push({ text, times: 1 });
  }
  return runs
    .map(({ text, times }, index) => `${index + 1}. ${text}${times > 1 ? ` ×${times}` : ''}`)
    .join('; ');
}

export const transactionTotal = (counts) => counts.readwrite + counts.readonly;

/** "312 requests: tasks get 60, mutations mutate(put) 20, …", most first. */
export function describeRequests(requests) {
  const entries = Object.entries(requests ?? {}).sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return `${total} IndexedDB requests (${entries.map(([key, count]) => `${key} ${count}`).join(', ')})`;
}

/** What the badge's transactions are, when the counted action made it re-run. */
export const badgeNote = (counts) =>
  counts.badge > 0
    ? ` Not counted: ${counts.badge} readonly transaction(s) over the tallies alone, the navigation badge's live query (countPendingItems reads its two tallies in a transaction each) re-running on the page after the action's writes.`
    : '';
export const describeCurveSize = (size) =>
  `${size.entries.toLocaleString('en')} entries, a category of ${size.categoryTasks.toLocaleString('en')} tasks and ${size.categoryDecisions.toLocaleString('en')} decisions`;
