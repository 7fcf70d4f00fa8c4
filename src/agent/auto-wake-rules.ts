/**
 * When an automatic wake may start. Pure, so the rules are tested without timers or a
 * database; `useAutoWake` feeds them what it watched.
 */
import { isCoveredBy, type VectorClock } from '../domain/vector-clock';
import type { WriteSource } from '../domain/write-source';

export const AUTO_WAKE_DEBOUNCE_MS = 4_000;

export interface ChangedEntity {
  table: string;
  id: string;
  /** The entity's clock as it is now. */
  vectorClock: VectorClock;
  /** The source of the write that left it so, from the mutation ledger, when known. */
  writtenBy?: WriteSource;
}

export interface AgentWrite {
  table: string;
  id: string;
  /** The entity's clock right after the agent wrote it. */
  vectorClock: VectorClock;
}

/**
 * Writes that are not the person's edit, by their recorded source: the agent's own
 * (immediate tools), a trusted-tool rule's (applied during a wake, after a flush) and a
 * confirmation's (the person accepting what the agent proposed tells it nothing new; it
 * reads the decision on its next wake). The person's own edits, undo and other devices'
 * writes (sync) are what automatic wakes are for.
 */
const NOT_THE_PERSONS_EDIT: ReadonlySet<WriteSource> = new Set(['agent', 'rule', 'confirmation']);

/**
 * True when no changed entity is the person's edit: each was last written by a source
 * above, or is exactly as the agent's wake left it (or older: its clock has nothing beyond
 * the clock the wake recorded). Such changes must not wake the agent again. An entity the
 * person touched since was last written by them, and its clock moved past the agent's.
 */
export function isOwnWrite(
  changedEntities: readonly ChangedEntity[],
  mutatedEntries: readonly AgentWrite[] | undefined,
): boolean {
  if (changedEntities.length === 0) return false;
  return changedEntities.every(
    (entity) =>
      (entity.writtenBy !== undefined && NOT_THE_PERSONS_EDIT.has(entity.writtenBy)) ||
      (mutatedEntries ?? []).some(
        (write) =>
          write.table === entity.table &&
          write.id === entity.id &&
          isCoveredBy(entity.vectorClock, write.vectorClock),
      ),
  );
}

export interface AutoWakeInput {
  enabled: boolean;
  configured: boolean;
  categoryAllowed: boolean;
  /** A wake for this task runs now, in this tab or (recently started) in another. */
  wakeRunning: boolean;
  changedEntities: readonly ChangedEntity[];
  /** What the task's latest wake wrote. */
  mutatedEntries: readonly AgentWrite[] | undefined;
}

export type AutoWakeDecision =
  | { action: 'wake' }
  /** Not now, but keep the changes: decide again once the running wake ends. */
  | { action: 'wait' }
  /** Forget the changes: they must never cause a wake. */
  | {
      action: 'drop';
      reason: 'disabled' | 'not-configured' | 'category-not-allowed' | 'no-changes' | 'own-write';
    };

export function decideAutoWake(input: AutoWakeInput): AutoWakeDecision {
  if (!input.enabled) return { action: 'drop', reason: 'disabled' };
  if (!input.configured) return { action: 'drop', reason: 'not-configured' };
  if (!input.categoryAllowed) return { action: 'drop', reason: 'category-not-allowed' };
  if (input.changedEntities.length === 0) return { action: 'drop', reason: 'no-changes' };
  if (input.wakeRunning) return { action: 'wait' };
  if (isOwnWrite(input.changedEntities, input.mutatedEntries))
    return { action: 'drop', reason: 'own-write' };
  return { action: 'wake' };
}

export function entityKey(entity: { table: string; id: string }): string {
  return `${entity.table}:${entity.id}`;
}
