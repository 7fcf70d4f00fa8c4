/**
 * The timing half of automatic wakes, apart from React so it is testable with fake
 * timers. It is fed each snapshot of one task (the ledger's operations on its journal
 * rows since the page opened, its latest wake), collects what the new operations wrote
 * and who wrote it, waits until edits pause, then asks the rules in auto-wake-rules.ts
 * whether to wake.
 */
import type { AutoWakeWatch } from '../db/queries/agent';
import type { Wake } from '../domain/agent';
import { isWakeRowAlive } from '../domain/wake-alive';
import {
  AUTO_WAKE_DEBOUNCE_MS,
  decideAutoWake,
  entityKey,
  type AutoWakeDecision,
  type ChangedEntity,
} from './auto-wake-rules';

export interface AutoWakeSchedulerOptions {
  taskId: string;
  wake(taskId: string): void;
  debounceMs?: number;
  now?: () => number;
  /** A hidden tab leaves the wake to the tab the person is looking at. */
  isVisible?: () => boolean;
  /** For tests: what was decided and why. */
  onDecision?: (decision: AutoWakeDecision) => void;
}

export class AutoWakeScheduler {
  /** Operations already taken in; undefined until the first look, which is the baseline. */
  private seen: Set<string> | undefined;
  private latestWakeId: string | undefined;
  /** What the operations since the last decision left each entity as, and who wrote it. */
  private readonly pending = new Map<string, ChangedEntity>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private watch: AutoWakeWatch | null = null;
  private runningHere = false;
  private lockHeld: boolean | undefined;

  constructor(private readonly options: AutoWakeSchedulerOptions) {}

  /** Called with every snapshot of the task, and whenever this tab's wake starts or ends. */
  observe(watch: AutoWakeWatch | null, runningHere: boolean): void {
    if (watch && watch.taskId !== this.options.taskId) return; // a stale result for another task
    this.watch = watch;
    this.runningHere = runningHere;
    if (!watch || !(watch.enabled && watch.configured && watch.categoryAllowed)) {
      // Nothing is watched while a wake could not start: the look once it can is the baseline.
      this.dispose();
      this.seen = undefined;
      return;
    }
    const wakeId = watch.latestWake?.id;
    if (this.seen === undefined) {
      // The first look is the baseline: opening a task (or turning the wake on) is not an edit.
      this.seen = new Set(watch.operations.map((operation) => operation.operationId));
      this.latestWakeId = wakeId;
      return;
    }
    if (wakeId !== this.latestWakeId) {
      // A new wake reads the task as it is now: what changed before it started is seen.
      this.latestWakeId = wakeId;
      this.pending.clear();
    }
    let changed = false;
    for (const operation of watch.operations) {
      if (this.seen.has(operation.operationId)) continue;
      this.seen.add(operation.operationId);
      for (const entity of operation.entities) {
        this.pending.set(entityKey(entity), { ...entity, writtenBy: operation.source });
      }
      changed = true;
    }
    if (changed) this.arm();
    else if (this.pending.size > 0 && this.timer === undefined) this.arm();
  }

  /** Whether a wake holds the task's lock (undefined: cannot tell); see isWakeRowAlive. */
  setLockHeld(held: boolean | undefined): void {
    this.lockHeld = held;
  }

  /** Nothing waits to be decided: dropping it now and starting a new one later loses nothing. */
  settled(): boolean {
    return this.timer === undefined && this.pending.size === 0;
  }

  /** Stops the timer and forgets pending changes (the task was left or the hook unmounted). */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private arm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, this.options.debounceMs ?? AUTO_WAKE_DEBOUNCE_MS);
  }

  private fire(): void {
    const watch = this.watch;
    if (!watch) return;
    this.settle(
      decideAutoWake({
        enabled: watch.enabled,
        configured: watch.configured,
        categoryAllowed: watch.categoryAllowed,
        wakeRunning: this.runningHere || this.runningElsewhere(watch.latestWake),
        changedEntities: [...this.pending.values()],
        mutatedEntries: watch.latestWake?.mutatedEntries,
      }),
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
