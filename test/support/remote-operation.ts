/** Another device's operation on tasks, as the incoming side receives it. */
import type { SyncOperation } from '../../src/domain/sync-envelope';
import { taskRow } from './factories';

/** A task row as the device `other` wrote it (its first write). */
export const remoteTask = (id: string, title = 'Call the plumber') => ({
  ...taskRow({ id, title }),
  vectorClock: { other: 1 },
});

/** The device `other` writing `rows` (task rows) at `time`. */
export function remoteTaskOperation(
  operationId: string,
  rows: Record<string, unknown>[],
  time: string,
): SyncOperation {
  return {
    v: 1,
    operationId,
    kind: 'journal',
    deviceId: 'other',
    vectorClock: { other: 1 },
    time,
    diffs: rows.map((row) => ({
      table: 'tasks' as const,
      id: String(row.id),
      before: null,
      after: row,
    })),
  };
}
