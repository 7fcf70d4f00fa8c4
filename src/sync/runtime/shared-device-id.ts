/**
 * Device-id collision: an operation naming this device's id arrived, yet this device never
 * pushed it (its push records say which operations are its own), so another device uses
 * the same id: a copied browser profile, or a restored backup of one. Stamps and merges
 * by device id would go wrong on both for good, so this device takes a new id and says so
 * in the audit trail. The other device does the same when it sees this one's operations.
 */
import type { CountersignDatabase } from '../../db/database';
import { replaceDeviceId } from '../../db/settings';
import { addAuditMessages } from '../../dispatcher/audit-writer';

function sharedIdWords(previous: string, next: string): string {
  return (
    `Another device was using this device's id (${previous.slice(0, 8)}): a copied browser ` +
    `profile or a restored backup of one. This device now has its own id (${next.slice(0, 8)}), ` +
    'so the two no longer mistake each other’s changes for their own. Nothing needs doing.'
  );
}

/** Mints this device's new id and records why. Returns the new id. */
export async function repairSharedDeviceId(
  db: CountersignDatabase,
  previous: string,
  now: string,
): Promise<string> {
  const next = await replaceDeviceId(db);
  await addAuditMessages(db, [
    {
      id: crypto.randomUUID(),
      kind: 'action',
      source: 'sync',
      summary: sharedIdWords(previous, next),
      payload: { previousDeviceId: previous, deviceId: next },
      createdAt: now,
    },
  ]);
  return next;
}
