/** The row of the `imports` table: one per import of a journal file (import-records.ts). */
export type ImportState = 'importing' | 'imported' | 'stopped' | 'undone';

export interface ImportRecord {
  id: string;
  fileName: string;
  createdAt: string;
  /** Rows in the file, and rows written so far (parts that changed nothing included). */
  totalRows: number;
  writtenRows: number;
  /** Rows the import changed (added or updated): what an undo puts back. */
  changedRows?: number;
  /** The ledger operations of the parts that changed something, in the order written. */
  operationIds: string[];
  state: ImportState;
  undoneAt?: string;
}
