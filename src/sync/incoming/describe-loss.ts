/** A value that lost to a concurrent edit, in words for Activity: the field, both values, whose. */
import type { AuditMessage } from '../../domain/audit';
import { tableWord } from '../../domain/table-words';
import type { LostFieldValue } from '../../tools/catalog/apply-synced-rows';
import { fieldLabel } from '../../tools/registry';

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function lossMessage(
  loss: LostFieldValue,
  devices: { remote: string; here: string },
  operationId: string,
  now: string,
): AuditMessage {
  const what = `${tableWord(loss.table)}${loss.title ? ` "${loss.title}"` : ''}`;
  // The value this device had may have come from a third device: named by who wrote it.
  const localWriter = loss.localWriter ?? devices.here;
  const name = (deviceId: string) =>
    deviceId === devices.here ? 'this device' : `device ${deviceId.slice(0, 8)}`;
  const [loser, winner] =
    loss.side === 'local'
      ? [name(localWriter), name(devices.remote)]
      : [name(devices.remote), name(localWriter)];
  const field = fieldLabel(loss.field) ?? loss.field;
  return {
    id: crypto.randomUUID(),
    kind: 'observation',
    source: 'sync',
    operationId,
    ...(loss.taskId ? { taskId: loss.taskId } : {}),
    summary:
      `Edited on two devices at once: the ${field} of ${what}. Kept ${shown(loss.kept)} ` +
      `(from ${winner}); the value ${shown(loss.lost)} from ${loser} lost.`,
    payload: {
      table: loss.table,
      id: loss.id,
      field: loss.field,
      lostValue: loss.lost,
      keptValue: loss.kept,
      lostOn: loss.side === 'local' ? localWriter : devices.remote,
    },
    createdAt: now,
  };
}
