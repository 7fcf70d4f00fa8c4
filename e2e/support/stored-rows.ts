/** Reads the app's IndexedDB with the raw API (not the app's code), for what a screen cannot show. */
import { expect, type Page } from '@playwright/test';

/** Every row of one store in the page's IndexedDB. */
export async function storedRows<T>(page: Page, store: string): Promise<T[]> {
  return (await inStore(page, store)) as T[];
}

/** Waits until everything the device wrote has reached the sync server (its outbox is empty). */
export async function untilSent(page: Page, timeout = 20_000): Promise<void> {
  await expect.poll(async () => (await storedRows(page, 'outbox')).length, { timeout }).toBe(0);
}

/**
 * Writes `rows` into one store of the page's IndexedDB, as a device left them (a state the
 * screens cannot reach quickly), in one transaction.
 */
export async function putStoredRows(page: Page, store: string, rows: unknown[]): Promise<void> {
  await inStore(page, store, rows);
}

/** Reads every row of `store`, or, given `rows`, writes them. */
function inStore(page: Page, store: string, rows?: unknown[]): Promise<unknown[]> {
  return page.evaluate(
    async ([name, toWrite]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('countersign');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const transaction = db.transaction(name, toWrite ? 'readwrite' : 'readonly');
        if (toWrite) {
          for (const row of toWrite) transaction.objectStore(name).put(row);
          await new Promise((resolve, reject) => {
            transaction.oncomplete = resolve;
            transaction.onerror = () => reject(transaction.error);
          });
          return [];
        }
        return await new Promise<unknown[]>((resolve, reject) => {
          const request = transaction.objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    [store, rows] as const,
  );
}
