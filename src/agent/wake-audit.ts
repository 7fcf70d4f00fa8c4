/**
 * What one wake writes to the audit trail: the model's thoughts and each routed call,
 * collected per turn and written with the turn's proposals (one transaction a turn).
 * Everything the model sent is clipped as dispatch() clips it, and a wake has a total
 * budget: past it, the trail says what was left out instead of storing it.
 */
import { clip, type AuditDraft, type AuditEntry } from '../dispatcher/audit-writer';
import type { TurnAudit } from './change-set-builder';
import type { RawToolCall, RoutedCall } from './route-tool-call';

/** What one wake may add to the audit trail, in characters of JSON. */
const WAKE_AUDIT_BUDGET = 256_000;
const SUMMARY_MAX = 2_000;
const NAME_MAX = 200;

export class WakeAudit {
  private turn: TurnAudit[] = [];
  private spent = 0;
  private budgetSaid = false;
  /** The earliest time the next entry may carry (ms): keeps the trail in call order. */
  private nextAt = 0;

  constructor(
    private readonly base: Omit<AuditDraft, 'toolName' | 'operationId' | 'now'>,
    private readonly now: () => string,
  ) {}

  thought(turn: number, text: string): void {
    this.add(`${this.base.runKey}:thought:${turn}`, '', [
      { kind: 'thought', summary: text.trim().slice(0, SUMMARY_MAX), payload: { turn } },
    ]);
  }

  /** A call the wake handled itself (dispatch() audits the immediate ones). */
  call(call: RawToolCall, result: RoutedCall): void {
    const toolName = result.toolName.slice(0, NAME_MAX);
    this.add(`${this.base.runKey}:${String(call.toolCallId).slice(0, NAME_MAX)}`, toolName, [
      { kind: 'action', summary: `Propose: ${toolName}`, payload: { args: clip(call.input) } },
      {
        kind: 'toolResult',
        summary: result.output.slice(0, SUMMARY_MAX),
        outcome:
          result.outcome === 'error'
            ? 'failure'
            : result.outcome === 'skipped'
              ? 'noop'
              : 'success',
        payload: { output: result.output.slice(0, SUMMARY_MAX) },
      },
    ]);
  }

  /** This turn's messages, for the turn's flush; the next turn starts empty. */
  take(): TurnAudit[] {
    const taken = this.turn;
    this.turn = [];
    return taken;
  }

  private add(operationId: string, toolName: string, entries: AuditEntry[]): void {
    if (this.spent + JSON.stringify(entries).length > WAKE_AUDIT_BUDGET) {
      if (this.budgetSaid) return;
      this.budgetSaid = true;
      entries = [
        {
          kind: 'observation',
          summary: `This wake reached its audit budget (${WAKE_AUDIT_BUDGET.toLocaleString('en')} characters); later calls were handled but not recorded in full.`,
          payload: {},
        },
      ];
    }
    this.spent += JSON.stringify(entries).length;
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
