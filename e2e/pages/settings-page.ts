/** `/settings`, the export and import part: "Export journal" and the "Import journal" file field. */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { openApp } from '../support/app';

interface Row {
  id: string;
  deletedAt?: string;
}

/** The parts of an export file the journeys compare (the full schema is src/domain/journal-file.ts). */
export interface JournalExport {
  format: string;
  version: number;
  tables: {
    categories: (Row & { name: string })[];
    labels: (Row & { name: string })[];
    tasks: (Row & { title: string; status: string; priority: string; estimateMinutes?: number })[];
    checklistItems: (Row & { taskId: string; title: string; isChecked: boolean })[];
    entries: (Row & { taskId: string; text: string; createdAt: string; updatedAt: string })[];
  };
}

export class SettingsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await openApp(this.page, '/settings');
    await expect(this.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  }

  get importField() {
    return this.page.getByLabel('Import journal');
  }

  /** Clicks "Export journal" and returns the downloaded file, saved as `savePath`, parsed. */
  async exportJournal(savePath: string): Promise<JournalExport> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export journal' }).click();
    await (await download).saveAs(savePath);
    await expect(
      this.page.getByRole('status').filter({ hasText: /^Exported \d+ tasks? to / }),
    ).toBeVisible();
    return JSON.parse(await readFile(savePath, 'utf8')) as JournalExport;
  }

  async importFile(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.importField.setInputFiles(file);
  }

  /** The success notice of the last import, e.g. "Imported: 3 added, 0 updated, 40 already up to date." */
  get importOutcome() {
    return this.page.getByRole('status').filter({ hasText: /^Imported: / });
  }
}

/**
 * What the person would call "the journal": live rows and what they say, keyed by id.
 * Timestamps, revisions and clocks are left out: they legitimately change on import.
 */
export function journalContent(file: JournalExport) {
  const live = <T extends Row>(rows: T[]) => rows.filter((row) => row.deletedAt === undefined);
  const sorted = (lines: string[]) => lines.sort();
  const { tables } = file;
  return {
    categories: sorted(live(tables.categories).map((row) => `${row.id} ${row.name}`)),
    labels: sorted(live(tables.labels).map((row) => `${row.id} ${row.name}`)),
    tasks: sorted(
      live(tables.tasks).map((row) => `${row.id} ${row.title} ${row.status} ${row.priority}`),
    ),
    checklistItems: sorted(
      live(tables.checklistItems).map(
        (row) => `${row.taskId} ${row.id} ${row.title} ${row.isChecked ? '[x]' : '[ ]'}`,
      ),
    ),
    entries: sorted(live(tables.entries).map((row) => `${row.taskId} ${row.id} ${row.text}`)),
  };
}
