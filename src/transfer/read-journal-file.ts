/**
 * A chosen file's JSON, parsed in a worker (parse-file-worker.ts) so the page never
 * freezes on a large export; where there is no Worker (tests), parsed here.
 */
type Read = { ok: true; data: unknown } | { ok: false };

type Message =
  | { kind: 'invalid' }
  | { kind: 'whole'; data: unknown }
  | { kind: 'start'; rest: Record<string, unknown> }
  | { kind: 'table'; table: string; value: unknown }
  | { kind: 'rows'; table: string; rows: unknown[] }
  | { kind: 'end' };

export async function readJournalFile(file: Blob): Promise<Read> {
  if (typeof Worker === 'undefined') {
    try {
      return { ok: true, data: JSON.parse(await file.text()) };
    } catch {
      return { ok: false };
    }
  }
  const worker = new Worker(new URL('./parse-file-worker.ts', import.meta.url), {
    type: 'module',
    name: 'countersign-import',
  });
  try {
    return await new Promise<Read>((resolve, reject) => {
      let rest: Record<string, unknown> = {};
      const tables: Record<string, unknown> = {};
      worker.addEventListener('error', (event) =>
        reject(new Error(event.message || 'the file reader stopped')),
      );
      worker.addEventListener('message', ({ data: message }: MessageEvent<Message>) => {
        switch (message.kind) {
          case 'invalid':
            return resolve({ ok: false });
          case 'whole':
            return resolve({ ok: true, data: message.data });
          case 'start':
            rest = message.rest;
            return;
          case 'table':
            tables[message.table] = message.value;
            return;
          case 'rows': {
            const rows = (tables[message.table] ??= []) as unknown[];
            for (const row of message.rows) rows.push(row);
            return;
          }
          case 'end':
            return resolve({ ok: true, data: { ...rest, tables } });
        }
      });
      worker.postMessage(file);
    });
  } finally {
    worker.terminate();
  }
}
