/** Writes audit messages without ever letting an audit failure change an outcome (docs/decisions/0003-policy-fails-closed.md). */
import type { CountersignDatabase } from '../db/database';
import type { AuditMessage } from '../domain/audit';
import type { WriteSource } from '../domain/write-source';

export interface AuditDraft {
  operationKey: string;
  toolName: string;
  operationId: string;
  taskId: string | undefined;
  source: WriteSource;
  now: string;
}

/** One message; fields given here override the draft's (a bulk write of several calls). */
export type AuditEntry = Pick<AuditMessage, 'kind' | 'summary' | 'payload'> &
  Partial<
    Pick<AuditMessage, 'outcome' | 'runKey' | 'toolName' | 'operationId' | 'taskId' | 'source'>
  >;

export async function writeAuditSafely(
  db: CountersignDatabase,
  draft: AuditDraft,
  entries: AuditEntry[],
): Promise<void> {
  return writeAuditsSafely(db, [{ draft, entries }]);
}

/** Several calls' messages (a transaction's, a turn's) in one bulk write, each with its draft's fields. */
export async function writeAuditsSafely(
  db: CountersignDatabase,
  parts: readonly { draft: AuditDraft; entries: readonly AuditEntry[] }[],
): Promise<void> {
  try {
    // Distinct, ordered timestamps keep "action" before "result", and one call's messages
    // before the next call's, when sorted by time.
    let next = -Infinity;
    const rows = parts.flatMap(({ draft, entries }) => {
      const base = Math.max(Date.parse(draft.now), next);
      next = base + entries.length;
      return entries.map((entry, index) => ({
        id: crypto.randomUUID(),
        runKey: draft.operationKey,
        toolName: draft.toolName,
        operationId: draft.operationId,
        taskId: draft.taskId,
        source: draft.source,
        createdAt: new Date(base + index).toISOString(),
        ...entry,
      }));
    });
    await addAuditMessages(db, rows);
  } catch (error) {
    warnUnlessAborted(error);
  }
}

/**
 * Messages already whole (sync's: a field lost to a merge, a claim lost, a push the person
 * resolved, a new device id). The one place that adds audit rows: like every other audit
 * write, a failure never changes the outcome it records.
 */
export async function addAuditMessages(
  db: CountersignDatabase,
  rows: readonly AuditMessage[],
): Promise<void> {
  try {
    if (rows.length > 0) await db.auditMessages.bulkAdd([...rows]);
  } catch (error) {
    warnUnlessAborted(error);
  }
}

function warnUnlessAborted(error: unknown): void {
  // Aborted with its transaction: another write failed, and the caller reports that.
  if (wasAbortedWithTransaction(error)) return;
  console.warn('Countersign: an audit message could not be written; the outcome stands.', error);
}

/** Errors may come from another realm (a DOMException), so they are told apart by name. */
const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;

function wasAbortedWithTransaction(error: unknown): boolean {
  if (nameOf(error) === 'AbortError') return true;
  const failures = (error as { failures?: unknown } | null)?.failures;
  return (
    nameOf(error) === 'BulkError' &&
    Array.isArray(failures) &&
    failures.length > 0 &&
    failures.every((failure) => nameOf(failure) === 'AbortError')
  );
}
