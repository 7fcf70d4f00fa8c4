/**
 * Writes the journal export off the page's main thread (db/export-journal.ts reads it in
 * pages inside one read transaction) and hands the page a Blob. The text is folded into
 * the Blob every few megabytes, so the worker never holds the whole file as a string.
 */
import { getDatabase } from '../db/connection';
import { writeJournalExport } from '../db/export-journal';
import type { ExportMessage } from './export-messages';

/** Characters of text kept as strings before they are folded into the Blob. */
const FOLD_CHARS = 4_000_000;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ now: string }>) => void) | null;
  postMessage(message: ExportMessage): void;
};

scope.onmessage = (event) => {
  let blob = new Blob([]);
  let pending: string[] = [];
  let pendingChars = 0;
  const fold = () => {
    blob = new Blob([blob, ...pending], { type: 'application/json' });
    pending = [];
    pendingChars = 0;
  };
  writeJournalExport(
    getDatabase(),
    {
      write(text) {
        pending.push(text);
        pendingChars += text.length;
        if (pendingChars >= FOLD_CHARS) fold();
      },
      progress: (done, total) => scope.postMessage({ kind: 'progress', done, total }),
    },
    { now: new Date(event.data.now) },
  ).then(
    ({ liveTasks }) => {
      fold();
      scope.postMessage({ kind: 'done', blob, liveTasks });
    },
    (error: unknown) =>
      scope.postMessage({
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
