// History before a snapshot (issue 26, section 9d with BENCH_NEW_DEVICE_HISTORY=N): N
// operations of a scripted device, each an edit of one journal entry (its text, rev and
// clock moving on), published on the stream before the first device writes its snapshot.
// The journal grows by one entry; the stream by N operations a new device never reads.
import { batchesOf, connectPublisher, readRow } from './measure-sync.mjs';

const DEVICE = 'bench-history-device';

/** The id of one task in the page's journal, read with the raw IndexedDB API. */
function firstTaskId(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('tasks').objectStore('tasks').openCursor();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result?.value.id);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function publishHistory(natsUrl, lease, count, taskId) {
  const { connection, js } = await connectPublisher(natsUrl, lease, 30_000);
  const encoder = new TextEncoder();
  const id = 'bench-history-entry';
  const started = performance.now();
  let before = null;
  let lastSeq = 0;
  for (const indexes of batchesOf(count, 500)) {
    const publishes = [];
    for (const index of indexes) {
      const now = new Date().toISOString();
      const operationId = `history-${lease.user}-${index}`;
      const after = {
        id,
        taskId,
        text: `Edit ${index + 1} of one entry, kept as history`,
        createdAt: before?.createdAt ?? now,
        updatedAt: now,
        rev: index + 1,
        vectorClock: { [DEVICE]: index + 1 },
      };
      const envelope = {
        v: 1,
        operationId,
        kind: 'journal',
        deviceId: DEVICE,
        vectorClock: { [DEVICE]: index + 1 },
        time: now,
        part: { index: 0, count: 1 },
        diffs: [{ table: 'entries', id, before, after }],
      };
      before = after;
      publishes.push(
        js.publish(
          `cs.${lease.user}.ops.${operationId}`,
          encoder.encode(JSON.stringify(envelope)),
          {
            msgID: operationId,
          },
        ),
      );
    }
    for (const ack of await Promise.all(publishes)) lastSeq = Math.max(lastSeq, ack.seq);
  }
  await connection.close();
  return { lastSeq, publishMs: performance.now() - started };
}

/** Publishes `count` operations of history and waits until `page` applied them all. */
export async function addHistory(page, natsUrl, lease, count) {
  const taskId = await firstTaskId(page);
  const { lastSeq, publishMs } = await publishHistory(natsUrl, lease, count, taskId);
  const started = Date.now();
  for (;;) {
    const cursor = (await readRow(page, 'syncState', 'cursor'))?.value ?? 0;
    if (cursor >= lastSeq) break;
    if (Date.now() - started > 1_200_000)
      throw new Error(`the first device stalled at ${cursor} of ${lastSeq} operations of history`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { operations: count, lastSeq, publishMs, appliedMs: Date.now() - started };
}
