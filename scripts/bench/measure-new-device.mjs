// Section 9d: a new device starts from a snapshot (docs/decisions/0011). The 1× journal's
// browser (seeded before sync, so it keeps no outbox) connects to a fresh sync server and
// writes a snapshot from Settings → Sync; then a new device (a fresh profile) connects:
// timed from pressing Connect until every row of the snapshot is committed in its IndexedDB,
// and until its task list shows the journal. The floor is section 1's: seeding the same
// rows with bulkPut in the same run.
import { launchBrowser } from './browser.mjs';
import { addHistory } from './measure-history.mjs';
import { connectDevice, readRow, startSyncServer } from './measure-sync.mjs';
import { waitFor } from './wait-for.mjs';

const TABLES = ['tasks', 'entries', 'checklistItems'];

/** Rows of each journal table in the page's IndexedDB, counted with the raw API. */
function countRows(page, tables = TABLES) {
  return page.evaluate(
    (tables) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction(tables, 'readonly');
          const counts = {};
          for (const table of tables) {
            const request = transaction.objectStore(table).count();
            request.onsuccess = () => (counts[table] = request.result);
          }
          transaction.oncomplete = () => {
            db.close();
            resolve(counts);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    tables,
  );
}

export async function measureNewDevice({ context, baseUrl, history = 0 }) {
  const server = await startSyncServer();
  const writer = await context.newPage();
  let tablet;
  try {
    const section = await connectDevice(writer, server.lease);
    // A device with history publishes it as a snapshot when sync is turned on; one more on
    // demand is what this measures.
    await waitFor('the first device to connect', async () => {
      const status = (await readRow(writer, 'syncState', 'status'))?.value;
      const write = (await readRow(writer, 'syncState', 'snapshotWrite'))?.value;
      return status?.phase === 'connected' && write?.state !== 'writing';
    });
    // Its journal, handed to the outbox when sync turned on, has landed and come back: a
    // snapshot is of what is on the server (before, the button says there is nothing yet).
    await waitFor('the first device to send its journal', async () => {
      const { outbox, syncPushes } = await countRows(writer, ['outbox', 'syncPushes']);
      const landed = await writer.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const open = indexedDB.open('countersign');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const request = open.result
                .transaction('syncPushes', 'readonly')
                .objectStore('syncPushes')
                .getAll();
              request.onsuccess = () => {
                open.result.close();
                resolve(request.result.every((push) => push.state === 'applied'));
              };
              request.onerror = () => reject(request.error);
            };
          }),
      );
      return outbox === 0 && syncPushes > 0 && landed;
    });
    const past =
      history > 0 ? await addHistory(writer, server.natsUrl, server.lease, history) : undefined;
    const journal = await countRows(writer);
    const writeStarted = Date.now();
    const writeFrom = Date.parse(await writer.evaluate(() => new Date().toISOString()));
    await section.getByRole('button', { name: 'Write a snapshot now' }).click();
    const written = await waitFor('the snapshot to be written', async () => {
      const state = (await readRow(writer, 'syncState', 'snapshotWrite'))?.value;
      if (state?.state === 'failed') throw new Error(`the snapshot failed: ${state.reason}`);
      return state?.state === 'written' && Date.parse(state.at) >= writeFrom ? state : undefined;
    });
    const writeMs = Date.now() - writeStarted;

    tablet = await launchBrowser({ baseUrl });
    const page = await tablet.context.newPage();
    const joinStarted = Date.now();
    await connectDevice(page, server.lease);
    const loaded = await waitFor('the snapshot to be loaded', async () => {
      const state = (await readRow(page, 'syncState', 'loadedSnapshot'))?.value;
      return state?.sequence >= written.sequence ? state : undefined;
    });
    const counts = await waitFor('every row to be committed', async () => {
      const counted = await countRows(page);
      return TABLES.every((table) => counted[table] >= journal[table]) ? counted : undefined;
    });
    const rowsMs = Date.now() - joinStarted;
    await page.goto('/');
    await page.locator('a[href^="/tasks/"]').first().waitFor({ timeout: 120_000 });
    const shownMs = Date.now() - joinStarted;
    return { journal, counts, written, loaded, writeMs, rowsMs, shownMs, history: past };
  } finally {
    await tablet?.close();
    await writer.close();
    await server.stop();
  }
}
