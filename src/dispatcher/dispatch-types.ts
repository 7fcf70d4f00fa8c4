import type { VectorClock } from '../domain/vector-clock';
import type { WriteSource } from '../domain/write-source';

export interface DispatchContext {
  source: WriteSource;
  /** The task the call is about. */
  taskId?: string;
  /** Identifies the run (wake, confirmation) for operation ids; user edits get a fresh one. */
  operationKey?: string;
  /** The agent whose category allowlist applies to agent-originated calls. */
  agentId?: string;
  /** A summary already shown to the person (a change item's), used for the audit trail. */
  summary?: string;
  /** For tests and replays: the time to stamp. */
  now?: string;
  /** Another device's operations applied here (source `sync`): their kinds, kept in the ledger. */
  remoteKinds?: readonly string[];
}

export interface MutatedEntry {
  table: string;
  id: string;
  /** The task an entry belongs to (a checklist item names its task). */
  taskId?: string;
  vectorClock: VectorClock;
}

export interface DispatchResult {
  success: boolean;
  /** Text for the model or the person: what happened, or what was wrong and how to fix it. */
  output: string;
  errorMessage?: string;
  policyDenied?: boolean;
  /** Retrying the same call cannot succeed (the target is gone, the tool does not exist). */
  nonRetryable?: boolean;
  /**
   * The storage failed, not the call (full, blocked, closed): the same call may apply
   * later. Sync never quarantines a message for this.
   */
  storageFailed?: boolean;
  /** True when nothing needed to change. */
  noop?: boolean;
  /** True when this operation id had been applied before and was not applied again. */
  alreadyApplied?: boolean;
  mutatedEntries: MutatedEntry[];
  operationId: string;
  data?: Record<string, unknown>;
}
