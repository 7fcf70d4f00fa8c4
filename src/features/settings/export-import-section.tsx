import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type ChangeEvent } from 'react';
import { getDatabase } from '../../db/connection';
import { latestImport } from '../../db/import-records';
import { formatTimestamp } from '../../lib/format-timestamp';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { downloadJournal } from './download-journal';
import { describeProgress, type TransferProgress } from '../../transfer/transfer-progress';
import {
  exportToFile,
  importFromFile,
  undoImportNow,
  type TransferOutcome,
} from '../../transfer/journal-transfer';

type Outcome = { tone: 'success' | 'error'; message: string } | undefined;

/**
 * Export downloads the whole journal as JSON; import merges such a file back by id. A
 * file that is not a Countersign export, or has one row that is not valid, is refused
 * before anything is written. A large file is written in parts while a progress line
 * (its space always kept, so nothing moves) counts rows; "Undo import" puts the newest
 * import back, every part of it.
 */
export function ExportImportSection() {
  const headingId = useId();
  const [exported, setExported] = useState<Outcome>();
  const [imported, setImported] = useState<string>();
  const [importError, setImportError] = useState<string>();
  const [busy, setBusy] = useState<'exporting' | 'importing'>();
  const [progress, setProgress] = useState<TransferProgress>();
  const [undone, setUndone] = useState<Outcome>();
  const lastImport = useLiveQuery(() => latestImport(getDatabase()), []);

  async function run(kind: 'exporting' | 'importing', task: () => Promise<TransferOutcome>) {
    setBusy(kind);
    try {
      return await task();
    } finally {
      setBusy(undefined);
      setProgress(undefined);
    }
  }

  async function exportNow() {
    if (busy) return;
    setExported(undefined);
    const outcome = await run('exporting', () =>
      exportToFile(getDatabase(), downloadJournal, setProgress),
    );
    setExported({ tone: outcome.ok ? 'success' : 'error', message: outcome.message });
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once so choosing the same file again fires a change event again.
    input.value = '';
    if (!file || busy) return;
    setImported(undefined);
    setImportError(undefined);
    setUndone(undefined);
    const outcome = await run('importing', () => importFromFile(getDatabase(), file, setProgress));
    if (outcome.ok) setImported(outcome.message);
    else setImportError(outcome.message);
  }

  async function undoLastImport(importId: string) {
    if (busy) return;
    setImported(undefined);
    setImportError(undefined);
    const outcome = await run('importing', () =>
      undoImportNow(getDatabase(), importId, setProgress),
    );
    setUndone({ tone: outcome.ok ? 'success' : 'error', message: outcome.message });
  }

  const undoable = lastImport?.state === 'undone' ? undefined : lastImport;

  return (
    <section
      id="export-import"
      className="card stack settings__section"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>Export and import</h2>
      <p className="muted settings__intro">
        An export is one JSON file with your tasks, checklists, entries, categories and labels,
        deleted ones included. It never contains settings or API keys.
      </p>
      <div className="row settings__actions">
        <Button disabled={busy !== undefined} onClick={() => void exportNow()}>
          Export journal
        </Button>
      </div>
      {exported && <Notice tone={exported.tone}>{exported.message}</Notice>}
      <Field
        label="Import journal"
        error={importError}
        hint="Choose a Countersign export (.json). It is merged by id: importing the same file twice adds nothing."
      >
        <input
          type="file"
          accept=".json,application/json"
          aria-busy={busy === 'importing' || undefined}
          onChange={(event) => void importFile(event)}
        />
      </Field>
      <p className="muted settings__progress" aria-live="polite">
        {progress
          ? describeProgress(progress)
          : busy === 'importing'
            ? 'Reading the file…'
            : busy === 'exporting'
              ? 'Exporting…'
              : ''}
      </p>
      {imported && <Notice tone="success">{imported}</Notice>}
      {undoable && (
        <div className="row settings__actions">
          <Button
            disabled={busy !== undefined}
            aria-describedby={`${headingId}-last-import`}
            onClick={() => void undoLastImport(undoable.id)}
          >
            Undo import
          </Button>
          <span id={`${headingId}-last-import`} className="muted">
            Last import: {undoable.fileName}, {formatTimestamp(undoable.createdAt)}
            {undoable.state === 'stopped' ? ' (stopped part way)' : ''}
          </span>
        </div>
      )}
      {undone && <Notice tone={undone.tone}>{undone.message}</Notice>}
    </section>
  );
}
