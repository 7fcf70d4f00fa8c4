/** Writes audit messages without ever letting an audit failure change an outcome (ADR 0004 §5). */
import type { CountersignDatabase } from '../db/database';
import type { AuditMessage } from '../domain/audit';
import type { WriteSource } from '../domain/write-source';

export interface AuditDraft {
  runKey: string;
  toolName: string;
  operationId: string;
  taskId: string | undefined;
  source: WriteSource;
  now: string;
}

export type AuditEntry = Pick<AuditMessage, 'kind' | 'summary' | 'payload'> &
  Partial<Pick<AuditMessage, 'outcome'>>;

export async function writeAuditSafely(
  db: CountersignDatabase,
  draft: AuditDraft,
  entries: AuditEntry[],
): Promise<void> {
  try {
    // Distinct, ordered timestamps keep "action" before "result" when sorted by time.
    const base = Date.parse(draft.now);
    await db.auditMessages.bulkAdd(
      entries.map((entry, index) => ({
        id: crypto.randomUUID(),
        runKey: draft.runKey,
        toolName: draft.toolName,
        operationId: draft.operationId,
        taskId: draft.taskId,
        source: draft.source,
        createdAt: new Date(base + index).toISOString(),
        ...entry,
      })),
    );
  } catch (error) {
    console.warn('Countersign: an audit message could not be written; the outcome stands.', error);
  }
}
