/** A value that lost to a concurrent edit, in words for Activity: the field, both values, whose. */
import type { AuditMessage } from '../../domain/audit';
import type { LostFieldValue } from '../../tools/catalog/apply-synced-rows';

const TABLE_WORDS: Record<string, string> = {
  tasks: 'task',
  checklistItems: 'checklist item',
  entries: 'journal entry',
  categories: 'category',
  labels: 'label',
  agents: 'agent settings',
  rules: 'rule',
  changeItems: 'proposal',
  changeSets: 'proposals',
  decisions: 'decision',
  reports: 'report',
};

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
  const what = `${TABLE_WORDS[loss.table] ?? loss.table}${loss.title ? ` "${loss.title}"` : ''}`;
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
