/** A value that lost to a concurrent edit, in words for Activity: the field, both values, whose. */
import type { AuditMessage } from '../../domain/audit';
import { tableWord } from '../../domain/table-words';
import type { LostFieldValue } from '../../tools/catalog/apply-synced-rows';

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function lossMessage(
  loss: LostFieldValue,
  remoteDeviceId: string,
  operationId: string,
  now: string,
): AuditMessage {
  const what = `${tableWord(loss.table)}${loss.title ? ` "${loss.title}"` : ''}`;
  const loser = loss.side === 'local' ? 'this device' : `device ${remoteDeviceId.slice(0, 8)}`;
  const winner = loss.side === 'local' ? `device ${remoteDeviceId.slice(0, 8)}` : 'this device';
  return {
    id: crypto.randomUUID(),
    kind: 'observation',
    source: 'sync',
    operationId,
    ...(loss.taskId ? { taskId: loss.taskId } : {}),
    summary:
      `Edited on two devices at once: ${loss.field} of ${what}. Kept ${shown(loss.kept)} ` +
      `(from ${winner}); the value ${shown(loss.lost)} from ${loser} lost.`,
    payload: {
      table: loss.table,
      id: loss.id,
      field: loss.field,
      lostValue: loss.lost,
      keptValue: loss.kept,
      lostOn: loss.side === 'local' ? 'this device' : remoteDeviceId,
    },
    createdAt: now,
  };
}
