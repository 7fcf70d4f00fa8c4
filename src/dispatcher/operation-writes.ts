/**
 * The bookkeeping rows of one transaction (ledger, audit, outbox), collected while its
 * steps run and written at its end with one bulk write per table. A transaction of
 * twenty confirmations thus writes four bookkeeping requests, not eighty.
 */
import type { CountersignDatabase } from '../db/database';
import type { Mutation, OutboxRow } from '../domain/audit';
import { writeAuditSafely, type AuditDraft, type AuditEntry } from './audit-writer';

export class OperationWrites {
  private readonly ledger: Mutation[] = [];
  private readonly audits: { draft: AuditDraft; entries: AuditEntry[] }[] = [];
  private readonly outbox: OutboxRow[] = [];

  constructor(private readonly db: CountersignDatabase) {}

  /** An operation recorded earlier in this same transaction (not yet in the table). */
  ledgerRow(operationId: string): Mutation | undefined {
    return this.ledger.find((row) => row.operationId === operationId);
  }

  addLedgerRow(row: Mutation): void {
    this.ledger.push(row);
  }

  addAudit(draft: AuditDraft, entries: AuditEntry[]): void {
    this.audits.push({ draft, entries });
  }

  addOutboxRow(row: Omit<OutboxRow, 'id'>): void {
    if (row.diffs.length === 0) return;
    this.outbox.push({ id: crypto.randomUUID(), ...row });
  }

  /** Inside the transaction, after every step: issues the collected rows. */
  async flush(): Promise<void> {
    const written: Promise<unknown>[] = [];
    if (this.ledger.length > 0) written.push(this.db.mutations.bulkPut(this.ledger));
    if (this.outbox.length > 0) written.push(this.db.outbox.bulkAdd(this.outbox));
    if (this.audits.length > 0) written.push(writeAuditSafely(this.db, ...this.mergedAudit()));
    await Promise.all(written);
  }

  /** Every step's messages as one bulk write, each keeping its own draft's fields. */
  private mergedAudit(): [AuditDraft, AuditEntry[]] {
    if (this.audits.length === 1) return [this.audits[0]!.draft, this.audits[0]!.entries];
    const first = this.audits[0]!.draft;
    const entries = this.audits.flatMap(({ draft, entries: own }) =>
      own.map((entry) => ({ ...entry, ...draftFields(draft) })),
    );
    return [first, entries];
  }
}

function draftFields(draft: AuditDraft): Partial<AuditEntry> {
  return {
    runKey: draft.runKey,
    toolName: draft.toolName,
    operationId: draft.operationId,
    taskId: draft.taskId,
    source: draft.source,
  };
}
