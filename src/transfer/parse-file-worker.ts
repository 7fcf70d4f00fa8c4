/**
 * Reads a journal file off the page's main thread: a 30 MB export takes a JSON.parse of
 * half a second, which the page would feel as a freeze. The parsed rows go back to the
 * page in slices (read-journal-file.ts), each a short message for the page to take in.
 * Checking the rows stays on the page, with the schemas the write path uses.
 */
const SLICE_ROWS = 2_000;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Blob>) => void) | null;
  postMessage(message: unknown): void;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

scope.onmessage = (event) => {
  void event.data.text().then((text) => {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      scope.postMessage({ kind: 'invalid' });
      return;
    }
    if (!isObject(data) || !isObject(data.tables)) {
      scope.postMessage({ kind: 'whole', data });
      return;
    }
    const { tables, ...rest } = data;
    scope.postMessage({ kind: 'start', rest });
    for (const [table, rows] of Object.entries(tables)) {
      if (!Array.isArray(rows)) {
        scope.postMessage({ kind: 'table', table, value: rows });
        continue;
      }
      scope.postMessage({ kind: 'rows', table, rows: rows.slice(0, SLICE_ROWS) });
      for (let start = SLICE_ROWS; start < rows.length; start += SLICE_ROWS)
        scope.postMessage({ kind: 'rows', table, rows: rows.slice(start, start + SLICE_ROWS) });
    }
    scope.postMessage({ kind: 'end' });
  });
};
