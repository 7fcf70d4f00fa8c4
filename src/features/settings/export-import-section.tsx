import { useId, useState, type ChangeEvent } from 'react';
import { getDatabase } from '../../db/connection';
import { exportJournal } from '../../db/export-journal';
import { userEdit } from '../../dispatcher/user-edit';
import { parseJournalFile } from '../../domain/journal-file';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { downloadJournal } from './download-journal';
import { countOf } from '../../lib/count-of';
import { isLive } from '../../domain/is-live';

type Outcome = { tone: 'success' | 'error'; message: string } | undefined;

/**
 * Export downloads the whole journal as JSON; import merges such a file back by id. A
 * file that is not a Countersign export is refused before anything is written.
 */
export function ExportImportSection() {
  const headingId = useId();
  const [exported, setExported] = useState<Outcome>();
  const [imported, setImported] = useState<string>();
  const [importError, setImportError] = useState<string>();
  const [importing, setImporting] = useState(false);

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
    setImporting(true);
    try {
      const parsed = parseJournalFile(await file.text());
      if (!parsed.ok) {
        setImportError(`${file.name}: ${parsed.error}`);
        return;
      }
      const result = await userEdit('import_journal', parsed.file);
      if (result.success) setImported(result.output);
      else setImportError(`${file.name}: ${result.output}`);
    } catch (error) {
      setImportError(
        `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setImporting(false);
    }
  }

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
      {importing && <p className="muted">Importing…</p>}
      {imported && <Notice tone="success">{imported}</Notice>}
    </section>
  );
}
