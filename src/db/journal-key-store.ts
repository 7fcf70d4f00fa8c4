/**
 * Where this device keeps the journal's key ring: beside its own key pairs in their own
 * IndexedDB database (device-key-store.ts), never in the journal's database, so the ring is
 * never exported, synced, audited or logged with the journal. One row, changed in one
 * transaction, so two tabs adding generations at once both keep theirs.
 */
import type { DeviceKeyDatabase, JournalKeysRow } from './device-key-store';

export type StoredJournalKeys = Omit<JournalKeysRow, 'id' | 'updatedAt'>;

const EMPTY: StoredJournalKeys = { secrets: [], announced: [] };

export async function readJournalKeys(db: DeviceKeyDatabase): Promise<StoredJournalKeys> {
  const row = await db.journalKeys.get('journal');
  return row ? { secrets: row.secrets, announced: row.announced } : EMPTY;
}

/**
 * Changes the stored ring with `change`, which sees the ring as stored now (not as some
 * earlier read saw it). `change` must not await anything but this transaction's tables.
 */
export async function changeJournalKeys(
  db: DeviceKeyDatabase,
  change: (stored: StoredJournalKeys) => StoredJournalKeys,
): Promise<StoredJournalKeys> {
  return db.transaction('rw', db.journalKeys, async () => {
    const next = change(await readJournalKeys(db));
    await db.journalKeys.put({ id: 'journal', ...next, updatedAt: new Date().toISOString() });
    return next;
  });
}
