/**
 * Joining again after a removal. A removed device's record stays marked removed for good
 * (every device refuses what that id signs from then on, and it never writes itself back),
 * so a device that joins again, with a code or the recovery phrase, takes a new id: to the
 * journal it is a new device, listed anew. What it wrote while shut out is sent under the
 * new id. It says so in the audit trail.
 */
import type { CountersignDatabase } from '../../db/database';
import { getDeviceId, replaceDeviceId } from '../../db/settings';
import { removedRecord } from './removed-device';
import { addAuditMessages } from '../../dispatcher/audit-writer';

export async function idToJoinUnder(db: CountersignDatabase, now: string): Promise<string> {
  const previous = await getDeviceId(db);
  if (!(await removedRecord(db, previous))) return previous;
  const next = await replaceDeviceId(db);
  await addAuditMessages(db, [
    {
      id: crypto.randomUUID(),
      kind: 'action',
      source: 'sync',
      summary:
        `This device was removed from the journal under its old id (${previous.slice(0, 8)}) ` +
        `and joins again as a new device (${next.slice(0, 8)}).`,
      payload: { previousDeviceId: previous, deviceId: next },
      createdAt: now,
    },
  ]);
  return next;
}
