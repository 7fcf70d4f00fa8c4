/** What quarantine keeps of a message that was not applied (Settings → Sync lists them). */
import type { SyncQuarantineRow } from '../../db/sync-rows';
import type { SyncMessage } from '../transport/sync-transport';

/** Messages up to this size are kept whole in quarantine; larger ones are read back. */
export const QUARANTINE_KEPT_BYTES = 256 * 1024;

export function quarantineRow(
  message: SyncMessage,
  reason: string,
  now: string,
  appVersion: string | undefined,
): SyncQuarantineRow {
  const { seq, subject, data, kind, time, signedBy } = message;
  return {
    seq,
    subject: subject.slice(0, 300),
    reason: reason.slice(0, 2_000),
    bytes: data.byteLength,
    excerpt: new TextDecoder().decode(data.subarray(0, 500)),
    receivedAt: now,
    ...(data.byteLength <= QUARANTINE_KEPT_BYTES
      ? { data: data.slice(), opened: message.unreadable === undefined }
      : {}),
    kind,
    ...(time ? { time } : {}),
    ...(signedBy ? { signedBy } : {}),
    ...(appVersion ? { appVersion } : {}),
  };
}
