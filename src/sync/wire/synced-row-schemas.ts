/**
 * A remote row is checked before anything is applied (everything from the server is
 * untrusted input), by the same rules as an imported row (domain/received-row.ts): its
 * table's schema, counters, change set ids, the report's limits. A row that fails puts its
 * whole operation in quarantine, so an operation is applied whole or not at all.
 */
import { checkReceivedRow } from '../../domain/received-row';
import type { SyncTable } from '../../domain/sync-envelope';

/** Why the row cannot be applied, or undefined when it may be. */
export function rowProblem(table: SyncTable, row: Record<string, unknown>): string | undefined {
  const checked = checkReceivedRow(table, row);
  if (checked.ok) return undefined;
  const what = `a ${table} row (${String(row.id).slice(0, 60)})`;
  return `${what} is not valid: ${checked.field ?? ''} ${checked.message}`.replace(/\s+/g, ' ');
}
