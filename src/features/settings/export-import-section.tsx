import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type ChangeEvent } from 'react';
import { getDatabase } from '../../db/connection';
import { exportJournal } from '../../db/export-journal';
import { latestImport } from '../../db/import-records';
import { formatTimestamp } from '../../lib/format-timestamp';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { downloadJournal } from './download-journal';
import { countOf } from '../../lib/count-of';
import { isLive } from '../../domain/is-live';
import { describeProgress, type ImportProgress } from './import-progress';

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
  const [importing, setImporting] = useState(false);
  const [progress, setProgress] = useState<ImportProgress>();
  const [undone, setUndone] = useState<Outcome>();
  const lastImport = useLiveQuery(() => latestImport(getDatabase()), []);

  async function exportNow() {
    try {
      const file = await exportJournal(getDatabase());
      const fileName = downloadJournal(file);
      const tasks = file.tables.tasks.filter(isLive).length;
      setExported({
        tone: 'success',
        message: `Exported ${countOf(tasks, 'task')} to ${fileName}. Keep it somewhere safe.`,
      });
    } catch (error) {
      setExported({
        tone: 'error',
        message: `The journal could not be exported: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once so choosing the same file again fires a change event again.
    input.value = '';
    if (!file || importing) return;
    setImported(undefined);
    setImportError(undefined);
    setUndone(undefined);
    setImporting(true);
    try {
      const [{ importJournalData }, { readJournalFile }, { NOT_JSON }] = await Promise.all([
        import('./import-file'),
        import('./read-journal-file'),
        import('../../domain/journal-file'),
      ]);
      const read = await readJournalFile(file);
      const outcome = read.ok
        ? await importJournalData(getDatabase(), read.data, {
            fileName: file.name,
            onProgress: setProgress,
          })
        : { ok: false as const, error: NOT_JSON };
      if (outcome.ok) setImported(outcome.message);
      else setImportError(`${file.name}: ${outcome.error}`);
    } catch (error) {
      setImportError(
        `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setImporting(false);
      setProgress(undefined);
    }
  }

  async function undoLastImport(importId: string) {
    if (importing) return;
    setImported(undefined);
    setImportError(undefined);
    setImporting(true);
    try {
      const { undoImport } = await import('./undo-import');
      const outcome = await undoImport(getDatabase(), importId, setProgress);
      setUndone({ tone: outcome.ok ? 'success' : 'error', message: outcome.message });
    } catch (error) {
      setUndone({
        tone: 'error',
        message: `The import could not be undone: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setImporting(false);
      setProgress(undefined);
    }
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
        <Button onClick={() => void exportNow()}>Export journal</Button>
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
          aria-busy={importing || undefined}
          onChange={(event) => void importFile(event)}
        />
      </Field>
      <p className="muted settings__progress" aria-live="polite">
        {importing ? (progress ? describeProgress(progress) : 'Reading the file…') : ''}
      </p>
      {imported && <Notice tone="success">{imported}</Notice>}
      {undoable && (
        <div className="row settings__actions">
          <Button
            disabled={importing}
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
