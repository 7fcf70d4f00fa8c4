/**
 * The journal as a file, made without freezing the page: a worker (export-worker.ts)
 * reads and writes it in pages and hands back a Blob, while the page shows how far it
 * got. Where there is no Worker (tests), the same writer runs here.
 */
import type { CountersignDatabase } from '../db/database';
import { writeJournalExport } from '../db/export-journal';
import type { ExportMessage } from './export-messages';
import type { TransferProgress } from './transfer-progress';

export interface ExportedFile {
  blob: Blob;
  liveTasks: number;
}

export async function exportJournalFile(
  db: CountersignDatabase,
  {
    now = new Date(),
    onProgress,
  }: { now?: Date; onProgress?: (progress: TransferProgress) => void } = {},
): Promise<ExportedFile> {
  const report = (done: number, total: number) => onProgress?.({ phase: 'exporting', done, total });
  if (typeof Worker === 'undefined') {
    const pieces: string[] = [];
    const { liveTasks } = await writeJournalExport(
      db,
      { write: (text) => pieces.push(text), progress: report },
      { now },
    );
    return { blob: new Blob(pieces, { type: 'application/json' }), liveTasks };
  }
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
    type: 'module',
    name: 'countersign-export',
  });
  try {
    return await new Promise<ExportedFile>((resolve, reject) => {
      worker.addEventListener('error', (event) =>
        reject(new Error(event.message || 'the export stopped')),
      );
      worker.addEventListener('message', ({ data: message }: MessageEvent<ExportMessage>) => {
        if (message.kind === 'progress') report(message.done, message.total);
        else if (message.kind === 'done')
          resolve({ blob: message.blob, liveTasks: message.liveTasks });
        else reject(new Error(message.message));
      });
      worker.postMessage({ now: now.toISOString() });
    });
  } finally {
    worker.terminate();
  }
}
