/**
 * Where a write came from. Every journal mutation is tagged with one
 * (docs/architecture.md, invariant 2).
 */
import { z } from 'zod';

export const writeSourceSchema = z.enum([
  /**
   * The person's own edit on a screen (userEdit), an import, and the label suppression a
   * rejection makes. Wakes the agent (automatic wake). Syncs: its outbox row is pushed.
   */
  'user',
  /**
   * The person confirming a proposal (confirmation/decide-item.ts). Does not wake the agent:
   * it reads the decision on its next wake (agent/auto-wake-rules.ts). Syncs.
   */
  'confirmation',
  /** The agent's immediate tools during a wake. Never wakes it again. Syncs. */
  'agent',
  /** Undo of a decision or an import, putting pre-images back. Wakes the agent. Syncs. */
  'undo',
  /**
   * Another device's operation applied here, or this device's decision taken back after
   * another device decided first. Wakes the agent (it is what automatic wakes are for).
   * Never syncs: a remote step writes no outbox row, so nothing echoes back.
   */
  'sync',
  /**
   * A trusted-tool rule applying a proposal without asking (Settings › Trusted tools).
   * Does not wake the agent: it runs during a wake, after the proposals are saved. Syncs.
   */
  'rule',
]);
export type WriteSource = z.infer<typeof writeSourceSchema>;
