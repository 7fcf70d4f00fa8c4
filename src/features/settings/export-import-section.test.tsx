import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../db/connection';
import { exportJournal } from '../../db/export-journal';
import { dispatch } from '../../dispatcher/dispatch';
import { isLive } from '../../domain/is-live';
import { JOURNAL_TABLES } from '../../domain/journal';
import { buildSampleJournal } from '../../domain/sample-journal';
import { ExportImportSection } from './export-import-section';

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
});
afterEach(() => cleanup());

async function rowCounts() {
  const db = getDatabase();
  return Object.fromEntries(
    await Promise.all(JOURNAL_TABLES.map(async (table) => [table, await db[table].count()])),
  );
}

const jsonFile = (text: string, name = 'journal.json') =>
  new File([text], name, { type: 'application/json' });

async function importFile(file: File) {
  await userEvent.upload(screen.getByLabelText('Import journal'), file);
}

describe('ExportImportSection', () => {
  it('downloads the whole journal as countersign-journal-YYYY-MM-DD.json', async () => {
    await dispatch(getDatabase(), 'import_journal', buildSampleJournal(), { source: 'user' });
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:journal';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    render(<ExportImportSection />);

    await userEvent.click(screen.getByRole('button', { name: 'Export journal' }));

    expect(await screen.findByRole('status')).toHaveTextContent(/Exported \d+ tasks to/);
    expect(downloads).toEqual([
      expect.stringMatching(/^countersign-journal-\d{4}-\d{2}-\d{2}\.json$/),
    ]);
    const exported = JSON.parse(await blobs[0]!.text());
    expect(exported.format).toBe('countersign-journal');
    expect(exported.tables.tasks).toHaveLength(await getDatabase().tasks.count());
  });

  it.each([
    ['a file that is not JSON', 'name,colour\nWork,#aa3300', /not valid JSON/],
    [
      'a foreign JSON file',
      '{"name":"some-package","dependencies":{}}',
      /not a Countersign journal export/,
    ],
    [
      'a file of another version',
      JSON.stringify({ ...buildSampleJournal(), version: 99 }),
      /different version of Countersign/,
    ],
  ])('refuses %s, says why and changes nothing', async (_name, text, message) => {
    await dispatch(
      getDatabase(),
      'save_category',
      { name: 'Work', color: '#aa3300' },
      {
        source: 'user',
      },
    );
    const before = await rowCounts();
    render(<ExportImportSection />);

    await importFile(jsonFile(text, 'backup.json'));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert')).toHaveTextContent(/^backup\.json: .*Nothing was imported\.$/);
    expect(screen.getByLabelText('Import journal')).toHaveAttribute('aria-invalid', 'true');
    expect(await rowCounts()).toEqual(before);
  });

  it('imports an export, and adds nothing when the same file is imported again', async () => {
    await dispatch(getDatabase(), 'import_journal', buildSampleJournal(), { source: 'user' });
    const text = JSON.stringify(await exportJournal(getDatabase()));
    const counts = await rowCounts();
    await getDatabase().delete();
    await getDatabase().open();
    render(<ExportImportSection />);

    await importFile(jsonFile(text));
    expect(await screen.findByText(/^Imported: \d+ added, 0 updated/)).toBeInTheDocument();
    expect(screen.queryByText(/^Imported: 0 added/)).toBeNull();
    expect(await rowCounts()).toEqual(counts);

    await importFile(jsonFile(text));
    expect(await screen.findByText(/^Imported: 0 added, 0 updated/)).toBeInTheDocument();
    expect(await rowCounts()).toEqual(counts);
  });

  it('offers "Undo import" after an import, and puts the journal back', async () => {
    await dispatch(
      getDatabase(),
      'save_category',
      { name: 'Mine', color: '#aa3300' },
      {
        source: 'user',
      },
    );
    const before = await rowCounts();
    render(<ExportImportSection />);
    expect(screen.queryByRole('button', { name: 'Undo import' })).toBeNull();

    await importFile(jsonFile(JSON.stringify(buildSampleJournal()), 'sample.json'));
    await screen.findByText(/^Imported: \d+ added/);
    const live = async () => (await getDatabase().tasks.toArray()).filter(isLive).length;
    expect(await live()).toBeGreaterThan(0);

    await userEvent.click(await screen.findByRole('button', { name: 'Undo import' }));
    expect(
      await screen.findByText(/^Import of sample\.json undone: \d+ rows put back\.$/),
    ).toBeInTheDocument();
    expect(await live()).toBe(0);
    expect((await getDatabase().categories.toArray()).filter(isLive)).toHaveLength(
      before.categories,
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo import' })).toBeNull());
  });

  it('clears an earlier error once a good file is imported', async () => {
    render(<ExportImportSection />);
    await importFile(jsonFile('not json'));
    await screen.findByRole('alert');
    await importFile(jsonFile(JSON.stringify(buildSampleJournal())));
    await screen.findByText(/^Imported:/);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
