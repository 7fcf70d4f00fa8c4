/**
 * What one wake writes to the audit trail: the model's thoughts and each routed call,
 * collected per turn and written with the turn's proposals (one transaction a turn).
 * Everything the model sent is clipped as dispatch() clips it (src/lib/clip-for-audit.ts),
 * and a wake has a total budget: past it, each turn's trail ends with one row saying how
 * many calls were handled but not stored, instead of storing them.
 */
import type { AuditDraft, AuditEntry } from '../dispatcher/audit-writer';
import { clip, clipText } from '../lib/clip-for-audit';
import type { TurnAudit } from './change-set-builder';
import type { RawToolCall, RoutedCall } from './route-tool-call';

/** What one wake may add to the audit trail, in bytes of its entries' JSON. */
const WAKE_AUDIT_BUDGET_BYTES = 64 * 1024;
const NAME_MAX = 200;
const encoder = new TextEncoder();

export class WakeAudit {
  private turn: TurnAudit[] = [];
  private spent = 0;
  /** Calls (and thoughts) of this turn left out for the budget. */
  private leftOut = 0;
  /** The earliest time the next entry may carry (ms): keeps the trail in call order. */
  private nextAt = 0;

  constructor(
    private readonly base: Omit<AuditDraft, 'toolName' | 'operationId' | 'now'>,
    private readonly now: () => string,
  ) {}

  thought(turn: number, text: string): void {
    this.add(`${this.base.operationKey}:thought:${turn}`, '', [
      { kind: 'thought', summary: clipText(text.trim()), payload: { turn } },
    ]);
  }

  /**
   * How the wake ended, when it did not end with the agent's report: failed, cancelled,
   * an empty answer, words without a tool, or out of turns. Activity shows it on the
   * wake, so a failure can be found after the panel has moved on. Always stored, past
   * the budget too: it is one short row, and the one a person looks for.
   */
  ended(summary: string, outcome: 'failure' | 'noop'): void {
    const text = clipText(summary);
    this.spent += encoder.encode(text).length;
    this.push(`${this.base.operationKey}:ended`, '', [
      { kind: 'observation', summary: text, outcome, payload: { wakeEnded: true } },
    ]);
  }

  /** A call the wake handled itself (dispatch() audits the immediate ones). */
  call(call: RawToolCall, result: RoutedCall): void {
    this.add(
      `${this.base.operationKey}:${String(call.toolCallId).slice(0, NAME_MAX)}`,
      clipText(result.toolName, NAME_MAX),
      this.entriesOf(call, result),
    );
  }

  private entriesOf(call: RawToolCall, result: RoutedCall): AuditEntry[] {
    const toolName = clipText(result.toolName, NAME_MAX);
    return [
      { kind: 'action', summary: `Propose: ${toolName}`, payload: { args: clip(call.input) } },
      {
        kind: 'toolResult',
        summary: clipText(result.output),
        outcome:
          result.outcome === 'error'
            ? 'failure'
            : result.outcome === 'skipped'
              ? 'noop'
              : 'success',
        payload: { output: clipText(result.output) },
      },
    ];
  }

  /**
   * A call dispatch() audited itself: charged to the budget as the same entries would be
   * here, so immediate tools cannot write past it either (the wake stops dispatching them).
   */
  dispatched(call: RawToolCall, result: RoutedCall): void {
    this.spent += encoder.encode(JSON.stringify(this.entriesOf(call, result))).length;
  }

  /** Whether this wake has spent its audit budget. */
  get full(): boolean {
    return this.spent >= WAKE_AUDIT_BUDGET_BYTES;
  }

  /** This turn's messages, for the turn's flush; the next turn starts empty. */
  take(): TurnAudit[] {
    if (this.leftOut > 0) {
      const count = this.leftOut;
      this.leftOut = 0;
      this.push(`${this.base.operationKey}:left-out:${this.turn.length}:${this.nextAt}`, '', [
        {
          kind: 'observation',
          summary: `… ${count} more call${count === 1 ? '' : 's'} not stored: this wake reached its audit budget (${WAKE_AUDIT_BUDGET_BYTES / 1024} kB). They were handled as usual.`,
          payload: { notStored: count },
        },
      ]);
    }
    const taken = this.turn;
    this.turn = [];
    return taken;
  }

  private add(operationId: string, toolName: string, entries: AuditEntry[]): void {
    const size = encoder.encode(JSON.stringify(entries)).length;
    if (this.spent + size > WAKE_AUDIT_BUDGET_BYTES) {
      this.leftOut += 1;
      return;
    }
    this.spent += size;
    this.push(operationId, toolName, entries);
  }

  private push(operationId: string, toolName: string, entries: AuditEntry[]): void {
    // Each entry gets its own millisecond, after the last call's: two calls in the same
    // millisecond (a report and an observation) still read in the order they were made.
    const at = Math.max(Date.parse(this.now()), this.nextAt);
    this.nextAt = at + entries.length;
    this.turn.push({
      draft: {
        ...this.base,
        toolName,
        operationId: operationId.slice(0, 300),
        now: new Date(at).toISOString(),
      },
      entries,
    });
  }
}
