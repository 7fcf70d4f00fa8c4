import { z } from 'zod';

/** What an operation is, for sync and for the person reading Activity. */
export const operationKindSchema = z.enum([
  'journal',
  'proposal',
  'decision',
  'undo',
  'expiry',
  'report',
  'import',
  /** The agent's immediate tools, or a trusted-tool rule, during a wake. */
  'agent',
]);
export type OperationKind = z.infer<typeof operationKindSchema>;

/**
 * Kinds that were not the person's edit on the device that made them: the agent's own
 * writes, its proposals and report, a proposal's decision or expiry. Another device applying
 * one must not wake its agent (the same rule as agent/auto-wake-rules.ts on the device that
 * made it); the decision is read on the next wake instead. A kind this version does not
 * know (a newer device's) counts as the person's edit: a wake too many, never one missed.
 */
const NOT_A_PERSONS_EDIT: ReadonlySet<string> = new Set<OperationKind>([
  'proposal',
  'decision',
  'expiry',
  'report',
  'agent',
]);

export function isPersonsEditKind(kind: string): boolean {
  return !NOT_A_PERSONS_EDIT.has(kind);
}
