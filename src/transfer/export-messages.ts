/** What the export worker tells the page (export-worker.ts → export-journal-file.ts). */
export type ExportMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; blob: Blob; liveTasks: number }
  | { kind: 'failed'; message: string };
