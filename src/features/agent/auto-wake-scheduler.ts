/**
 * The timing half of automatic wakes, apart from React so it is testable with fake
 * timers. It is fed each snapshot of one task (row, checklist, entries, latest wake),
 * collects the entities whose clocks moved, waits until edits pause, then asks the
 * rules in auto-wake-rules.ts whether to wake.
 */
import type { AutoWakeWatch } from '../../db/queries/agent';
import type { Wake } from '../../domain/agent';
import type { WriteSource } from '../../domain/write-source';
import {
  AUTO_WAKE_DEBOUNCE_MS,
  changedSince,
  clockSnapshot,
  decideAutoWake,
  entityKey,
  type AutoWakeDecision,
  type ChangedEntity,
} from '../../agent/auto-wake-rules';

/** A wake row still "running" after this long is taken to be from a tab that died. */
const RUNNING_WAKE_WINDOW_MS = 10 * 60_000;

/**
 * Whether a wake row marked "running" (not this tab's) still runs: the task's lock says so
 * where the browser can tell (a wake whose final save failed left its row "running" but
 * released the lock); elsewhere, for ten minutes from its start.
 */
export function isWakeRowAlive(
  row: Pick<Wake, 'status' | 'startedAt'>,
  { now, lockHeld }: { now: number; lockHeld: boolean | undefined },
): boolean {
  if (row.status !== 'running') return false;
  if (lockHeld !== undefined) return lockHeld;
  return now - Date.parse(row.startedAt) < RUNNING_WAKE_WINDOW_MS;
}

export interface AutoWakeSchedulerOptions {
  taskId: string;
  wake(taskId: string): void;
  debounceMs?: number;
  now?: () => number;
  /** A hidden tab leaves the wake to the tab the person is looking at. */
  isVisible?: () => boolean;
  /** The source of the write that left each entity as it is, keyed `table:id` (the ledger's). */
  lastWriters?: (
    taskId: string,
    entities: readonly ChangedEntity[],
  ) => Promise<ReadonlyMap<string, WriteSource>>;
  /** For tests: what was decided and why. */
  onDecision?: (decision: AutoWakeDecision) => void;
}

export class AutoWakeScheduler {
  private snapshot: Map<string, string> | undefined;
  private latestWakeId: string | undefined;
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private watch: AutoWakeWatch | null = null;
  private runningHere = false;
  private lockHeld: boolean | undefined;
  /** Moves on every new edit and on dispose: an answer of lastWriters for an older one is dropped. */
  private generation = 0;

  constructor(private readonly options: AutoWakeSchedulerOptions) {}

  /** Called with every snapshot of the task, and whenever this tab's wake starts or ends. */
  observe(watch: AutoWakeWatch | null, runningHere: boolean): void {
    if (watch && watch.taskId !== this.options.taskId) return; // a stale result for another task
    this.watch = watch;
    this.runningHere = runningHere;
    if (!watch) {
      this.dispose();
      this.snapshot = undefined;
      return;
    }
    const snapshot = clockSnapshot(watch.entities);
    const wakeId = watch.latestWake?.id;
    if (this.snapshot === undefined) {
      // The first look is the baseline: opening a task is not an edit.
      this.snapshot = snapshot;
      this.latestWakeId = wakeId;
      return;
    }
    if (wakeId !== this.latestWakeId) {
      // A new wake reads the task as it is now: what changed before it started is seen.
      this.latestWakeId = wakeId;
      this.pending.clear();
    }
    const changed = changedSince(this.snapshot, snapshot);
    this.snapshot = snapshot;
    for (const key of changed) this.pending.add(key);
    if (changed.length > 0) this.arm();
    else if (this.pending.size > 0 && this.timer === undefined) this.arm();
  }

  /** Whether a wake holds the task's lock (undefined: cannot tell); see isWakeRowAlive. */
  setLockHeld(held: boolean | undefined): void {
    this.lockHeld = held;
  }

  /** Stops the timer and forgets pending changes (the task was left or the hook unmounted). */
  dispose(): void {
    this.generation += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private arm(): void {
    this.generation += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, this.options.debounceMs ?? AUTO_WAKE_DEBOUNCE_MS);
  }

  private fire(): void {
    const watch = this.watch;
    if (!watch) return;
    const current = new Map(watch.entities.map((entity) => [entityKey(entity), entity]));
    const changedEntities = [...this.pending].flatMap((key): ChangedEntity[] => {
      const entity = current.get(key);
      return entity ? [entity] : [];
    });
    const decide = (entities: readonly ChangedEntity[]) =>
      decideAutoWake({
        enabled: watch.enabled,
        configured: watch.configured,
        categoryAllowed: watch.categoryAllowed,
        wakeRunning: this.runningHere || this.runningElsewhere(watch.latestWake),
        changedEntities: entities,
        mutatedEntries: watch.latestWake?.mutatedEntries,
      });
    const decision = decide(changedEntities);
    const { lastWriters } = this.options;
    if (decision.action !== 'wake' || !lastWriters) return this.settle(decision);
    // Who wrote the changes decides, once a wake would start: a trusted-tool rule's or a
    // confirmation's write is not the person's edit. A newer edit meanwhile starts over.
    const generation = this.generation;
    lastWriters(this.options.taskId, changedEntities).then(
      (writers) => {
        if (generation !== this.generation) return;
        this.settle(
          decide(
            changedEntities.map((entity) => ({
              ...entity,
              writtenBy: writers.get(entityKey(entity)),
            })),
          ),
        );
      },
      () => {
        if (generation === this.generation) this.settle(decision);
      },
    );
  }

  private settle(decision: AutoWakeDecision): void {
    this.options.onDecision?.(decision);
    if (decision.action === 'wait') return;
    this.pending.clear();
    if (decision.action === 'wake' && (this.options.isVisible ?? pageIsVisible)())
      this.options.wake(this.options.taskId);
  }

  private runningElsewhere(wake: Wake | undefined): boolean {
    if (!wake) return false;
    return isWakeRowAlive(wake, {
      now: this.options.now?.() ?? Date.now(),
      lockHeld: this.lockHeld,
    });
  }
}

function pageIsVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}
