/**
 * The bookkeeping rows of one transaction (ledger, audit, outbox) and the caller's
 * decision rows, collected while its steps run and written at its end with one bulk write
 * per table (write-scope.ts issues them). The rows its steps will read (their items, sets
 * and tasks through the change item writer, the ledger rows of retried operations) are
 * read up front, one request per table. A
 * transaction of twenty confirmations thus makes about a dozen requests besides its
 * handlers', not two hundred (confirm-all's request test holds it to that).
 */
import type { ChangeItemWriter } from '../db/change-items';
import type { TwinGroupOf } from '../db/inbox-keys';
import type { CountersignDatabase } from '../db/database';
import { countDecisions } from '../db/decision-stats';
import { keepsOutbox } from '../db/sync-settings';
import type { LedgerRow } from '../domain/ledger-row';
import type { OutboxRow } from '../domain/outbox-row';
import type { Decision } from '../domain/change-set';
import { writeAuditsSafely, type AuditDraft, type AuditEntry } from './audit-writer';

/** What a transaction's steps will read, so it is read at once. */
export interface OperationReads {
  changeItems?: readonly string[];
  changeSets?: readonly string[];
  tasks?: readonly string[];
  /** Items whose twin groups (decision 0016) the step's writes will recount. */
  twinsOf?: readonly TwinGroupOf[];
}

export class OperationWrites {
  private readonly ledger: LedgerRow[] = [];
  private readonly storedLedger = new Map<string, LedgerRow | undefined>();
  private readonly audits: { draft: AuditDraft; entries: AuditEntry[] }[] = [];
  private readonly outbox: OutboxRow[] = [];
  /** Read with the steps' rows: a device that never configured sync keeps no outbox. */
  private outboxKept = false;
  private readonly decisions: Decision[] = [];

  constructor(
    private readonly db: CountersignDatabase,
    /** The transaction's change items, sets and tallies: read up front with the rest. */
    private readonly changeItems: ChangeItemWriter,
  ) {}

  /** Reads, in one request per table, what the steps declared and the ledger rows named. */
  async load(reads: OperationReads, operationIds: readonly string[]): Promise<void> {
    const ids = [...new Set(operationIds)].filter((id) => !this.storedLedger.has(id));
    const [rows, kept] = await Promise.all([
      ids.length > 0 ? this.db.mutations.bulkGet(ids) : [],
      keepsOutbox(this.db),
      this.changeItems.load(reads),
    ]);
    ids.forEach((id, index) => this.storedLedger.set(id, rows[index]));
    this.outboxKept = kept;
  }

  /** The operation as recorded: earlier in this transaction, or before it. */
  async previousOperation(operationId: string): Promise<LedgerRow | undefined> {
    const recorded = this.ledger.find((row) => row.operationId === operationId);
    if (recorded) return recorded;
    if (this.storedLedger.has(operationId)) return this.storedLedger.get(operationId);
    return this.db.mutations.get(operationId);
  }

  addLedgerRow(row: LedgerRow): void {
    this.ledger.push(row);
  }

  addAudit(draft: AuditDraft, entries: AuditEntry[]): void {
    this.audits.push({ draft, entries });
  }

  addOutboxRow(row: Omit<OutboxRow, 'id'>): void {
    if (row.diffs.length === 0 || !this.outboxKept) return;
    this.outbox.push({ id: crypto.randomUUID(), ...row });
  }

  /** A decision row, written and counted in the decision figures (countDecisions) at the end. */
  addDecision(decision: Decision): void {
    this.decisions.push(decision);
  }

  /** Inside the transaction, after every step: issues the collected rows (write-scope.ts). */
  async flush(): Promise<void> {
    const written: Promise<unknown>[] = [];
    if (this.decisions.length > 0)
      written.push(
        this.db.decisions.bulkAdd(this.decisions),
        countDecisions(this.db, this.decisions),
      );
    if (this.ledger.length > 0) written.push(this.db.mutations.bulkPut(this.ledger));
    if (this.outbox.length > 0) written.push(this.db.outbox.bulkAdd(this.outbox));
    if (this.audits.length > 0) written.push(writeAuditsSafely(this.db, this.audits));
    await Promise.all(written);
  }
}
