/**
 * One wake of the task agent: read the task's context, let the model take up to eight
 * turns, route every tool call, flush proposals at each turn boundary, and record the
 * report, observations and the wake itself. It calls the provider's LanguageModelV4
 * directly, not through a tool loop, because routing has to see each raw call (name
 * and arguments as sent) before any validation, and turn boundaries are where
 * proposals become visible. It never throws: every ending is a WakeOutcome.
 */
import type { LanguageModelV4Message } from '@ai-sdk/provider';
import { getDeviceId } from '../db/settings';
import { DEFAULT_AGENT_ID, type Wake } from '../domain/agent';
import type { PolicyVerdict } from '../domain/agent-policy';
import type { MutatedEntry } from '../dispatcher/dispatch-types';
import { askModel } from './ask-model';
import { ChangeSetBuilder, ProposalStorageError } from './change-set-builder';
import { withoutCredentials } from './providers/without-credentials';
import { describeTurnError } from './describe-turn-error';
import { turnMessages } from './turn-messages';
import { renderContext } from './render-context';
import {
  routeToolCall,
  type RawToolCall,
  type RoutedCall,
  type WakeNotes,
} from './route-tool-call';
import { MAX_TURNS, systemPrompt } from './system-prompt';
import { withTaskLock } from './task-lock';
import { WakeAudit } from './wake-audit';
import { readWakeStart } from './wake-context';
import { createWakeJournal } from './wake-journal';
import type { WakeEnding, WakeProgress } from './wake-progress';
import { newWakeRecord, saveWakeEnd, saveWakeStart } from './wake-record';
import type { ErrorDescription, WakeOptions } from './wake-options';

export interface WakeOutcome {
  status: 'done' | 'failed' | 'cancelled' | 'busy' | 'missing' | 'denied';
  wakeId?: string;
  message?: string;
  kind?: string;
  proposed: number;
  turns: number;
  /** A wake done without its usual end: see WakeEnding. */
  ending?: WakeEnding;
  /** How many of its calls were refused (each answered with why). */
  refused?: number;
}

const MAX_CALLS_PER_TURN = 25;
/** Calls of one answer that are answered at all; a longer answer is hostile, not eager. */
const MAX_CALLS_ECHOED = 100;

/**
 * The wake's last row in the audit trail when it did not end with the agent's own word:
 * Activity shows it on the wake (a failure stays findable after the panel moves on).
 */
function endingInWords(
  status: Wake['status'],
  error: ErrorDescription | undefined,
  ending: WakeEnding | undefined,
  turns: number,
): { summary: string; outcome: 'failure' | 'noop' } | undefined {
  if (status === 'failed')
    return {
      summary: `The wake failed: ${withoutCredentials(error?.message ?? 'no reason was given.')}`,
      outcome: 'failure',
    };
  if (status === 'cancelled')
    return { summary: 'The wake was cancelled before the agent finished.', outcome: 'noop' };
  switch (ending) {
    case 'empty':
      return {
        summary: `The model's answer in turn ${turns} was empty: no text and no tool call.`,
        outcome: 'noop',
      };
    case 'words-only':
      return {
        summary: 'The model answered in words, without a tool, so nothing was proposed.',
        outcome: 'noop',
      };
    case 'turn-limit':
      return { summary: `Stopped at ${turns} turns, without a report.`, outcome: 'noop' };
    default:
      return undefined;
  }
}

/** A call past the turn's limit: answered, not run, so the model can send it again. */
function notRun(call: RawToolCall, index: number, total: number): RoutedCall {
  const dropped = total - MAX_CALLS_ECHOED;
  const more =
    index === MAX_CALLS_ECHOED - 1 && dropped > 0
      ? ` The ${dropped} call${dropped === 1 ? '' : 's'} after this one were left out unanswered.`
      : '';
  return {
    toolName: String(call.toolName).slice(0, 200),
    outcome: 'error',
    output: `Not run: one turn may make at most ${MAX_CALLS_PER_TURN} calls, and this was call ${index + 1}. Send it again in your next turn if it is still needed.${more}`,
  };
}

export async function runWake(options: WakeOptions): Promise<WakeOutcome> {
  const onProgress = (progress: WakeProgress) => options.onProgress?.(shownToPeople(progress));
  const outcome = await runWithLock(options, onProgress);
  return outcome.message ? { ...outcome, message: withoutCredentials(outcome.message) } : outcome;
}

/** Progress as the page shows it: no `user:password@` of an address in any text. */
function shownToPeople(progress: WakeProgress): WakeProgress {
  if ('message' in progress) return { ...progress, message: withoutCredentials(progress.message) };
  if (progress.type === 'connecting')
    return { ...progress, provider: withoutCredentials(progress.provider) };
  return progress;
}

async function runWithLock(
  options: WakeOptions,
  onProgress: (progress: WakeProgress) => void,
): Promise<WakeOutcome> {
  try {
    const locked = await withTaskLock(options.taskId, () => runLocked(options, onProgress));
    if (locked.acquired) return locked.value;
    const message =
      'The agent is already working on this task. Wait for it to finish, or cancel it.';
    onProgress({ type: 'busy', message });
    return { status: 'busy', message, proposed: 0, turns: 0 };
  } catch (error) {
    // Only storage failures reach here (everything else is handled inside); the lock is
    // released with the throw.
    const message = `The wake could not run: Countersign could not read or save the journal (${error instanceof Error ? error.message : String(error)}). Nothing was sent to the model.`;
    onProgress({ type: 'failed', message, kind: 'storage' });
    return { status: 'failed', message, kind: 'storage', proposed: 0, turns: 0 };
  }
}

async function runLocked(
  options: WakeOptions,
  onProgress: (progress: WakeProgress) => void,
): Promise<WakeOutcome> {
  const { db, taskId, model } = options;
  const agentId = options.agentId ?? DEFAULT_AGENT_ID;
  const now = options.now ?? (() => new Date());
  // Policy before anything is read for the model: the journal of a task the agent may not
  // act on never reaches a provider (the dispatcher's rule, checked up front, in the same
  // read transaction as the context and before any of it).
  const start = await readWakeStart(db, taskId, agentId, now());
  if (start.kind === 'denied') {
    const message = describeWakeDenial(start.verdict);
    onProgress({ type: 'failed', message, kind: 'policy' });
    return { status: 'denied', message, kind: 'policy', proposed: 0, turns: 0 };
  }
  if (start.kind === 'missing') {
    const message = 'This task no longer exists.';
    onProgress({ type: 'failed', message, kind: 'missing' });
    return { status: 'missing', message, proposed: 0, turns: 0 };
  }
  const { context } = start;

  const deviceId = await getDeviceId(db);
  const wake = newWakeRecord({ agentId, taskId, deviceId, startedAt: now().toISOString() });
  const { id: wakeId, runKey } = wake;
  await saveWakeStart(db, wake);
  onProgress({ type: 'started', wakeId, taskId });
  onProgress({ type: 'connecting', provider: options.providerLabel });

  // The proposals read the journal as the context read it, until the wake changes it.
  const journal = createWakeJournal(db, context);
  const builder = new ChangeSetBuilder({
    db,
    taskId,
    agentId,
    operationKey: runKey,
    deviceId,
    rejected: context.rejected,
    openFingerprints: new Set(context.openProposals.map((proposal) => proposal.fingerprint)),
    ttlDays: options.ttlDays,
    now,
    known: {
      journal,
      names: context.names,
      categoryId: context.task.categoryId,
      rules: context.rules,
    },
  });
  const audit = new WakeAudit({ operationKey: runKey, taskId, source: 'agent' }, () =>
    now().toISOString(),
  );
  const notes: WakeNotes = { observations: [] };
  const mutatedEntries: MutatedEntry[] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  const messages: LanguageModelV4Message[] = [
    { role: 'system', content: systemPrompt(options.directives) },
    { role: 'user', content: [{ type: 'text', text: renderContext(context) }] },
  ];
  let turns = 0;
  let callCount = 0;
  /** Calls refused (the model was told why), for the words at the end. */
  let refused = 0;
  const answered = { inWords: false, withTools: false };
  /** How the wake ended, when not with the agent's report or a quiet last answer. */
  let ending: WakeEnding | undefined;
  /** Said in the trail even after earlier turns proposed (the panel, then, says "Done"). */
  let lastAnswerEmpty = false;
  const maxTurns = options.maxTurns ?? MAX_TURNS;
  const transport = { streaming: options.wholeAnswers !== true };

  const finish = async (status: Wake['status'], error?: ErrorDescription): Promise<WakeOutcome> => {
    const endedAt = now().toISOString();
    const proposed = builder.savedCount;
    const ended: Wake = {
      ...wake,
      status,
      endedAt,
      updatedAt: endedAt,
      rev: wake.rev + 1,
      turns,
      proposed,
      calls: callCount,
      provider: options.providerLabel.slice(0, 200),
      model: model.modelId.slice(0, 200),
      usage,
      mutatedEntries,
      ...(error ? { error: withoutCredentials(error.message) } : {}),
    };
    const endedAs = endingInWords(status, error, lastAnswerEmpty ? 'empty' : ending, turns);
    if (endedAs) audit.ended(endedAs.summary, endedAs.outcome);
    // The last turn's audit, when it proposed nothing, is written with the wake's end.
    const storageProblem = await saveWakeEnd(db, ended, notes, deviceId, audit.take());
    if (storageProblem && status !== 'failed') {
      return failed(
        {
          kind: 'storage',
          message: `The agent finished, but Countersign could not save its report: ${storageProblem}`,
        },
        proposed,
      );
    }
    if (status === 'done') {
      const said = { ...(ending ? { ending } : {}), ...(refused > 0 ? { refused } : {}) };
      onProgress({ type: 'done', proposed, turns, oneLiner: notes.report?.oneLiner, ...said });
      return { status: 'done', wakeId, proposed, turns, ...said };
    }
    if (status === 'cancelled') {
      onProgress({ type: 'cancelled' });
      return { status: 'cancelled', wakeId, message: 'Cancelled.', proposed, turns };
    }
    return failed(error ?? { kind: 'unknown', message: 'The wake failed.' }, proposed);
  };

  const failed = (described: ErrorDescription, kept: number): WakeOutcome => {
    // Proposals saved at earlier turn boundaries stay; say so, so nobody wakes it again for them.
    const message =
      kept > 0
        ? `${described.message} The ${kept} change${kept === 1 ? '' : 's'} proposed before that ${kept === 1 ? 'is' : 'are'} waiting for your review.`
        : described.message;
    onProgress({ type: 'failed', message, kind: described.kind });
    return { status: 'failed', wakeId, message, kind: described.kind, proposed: kept, turns };
  };

  try {
    for (let turn = 1; turn <= maxTurns; turn++) {
      turns = turn;
      onProgress({ type: 'thinking', turn });
      const answer = await askModel(model, messages, options, onProgress, transport);
      usage.inputTokens += answer.usage.inputTokens ?? 0;
      usage.outputTokens += answer.usage.outputTokens ?? 0;
      if (answer.text.trim()) {
        audit.thought(turn, answer.text);
        answered.inWords = true;
      }
      if (answer.toolCalls.length === 0) {
        lastAnswerEmpty = !answer.text.trim();
        ending = answered.withTools ? undefined : answered.inWords ? 'words-only' : 'empty';
        break;
      }
      answered.withTools = true;

      // Every call gets an answer, so the model's history stays whole: past the turn's
      // limit, "not run"; past the echo's limit (a hostile answer), the rest is left out.
      const calls = answer.toolCalls.slice(0, MAX_CALLS_ECHOED);
      callCount += calls.length;
      const routed: RoutedCall[] = [];
      for (const [index, call] of calls.entries()) {
        if (options.signal?.aborted) throw options.signal.reason;
        const result =
          index < MAX_CALLS_PER_TURN
            ? await routeToolCall(call, {
                db,
                taskId,
                agentId,
                operationKey: runKey,
                builder,
                notes,
                mutatedEntries,
                auditFull: () => audit.full,
              })
            : notRun(call, index, answer.toolCalls.length);
        routed.push(result);
        if (result.outcome === 'error') refused += 1;
        // The wake changed the journal: later proposals read it again.
        if (result.outcome === 'applied') journal.forget();
        onProgress({ type: 'tool', turn, toolName: result.toolName, outcome: result.outcome });
        if (result.audited) audit.dispatched(call, result);
        else audit.call(call, result);
      }
      // The report is the agent's last word (see the system prompt): no need for another
      // turn, unless a call of the same turn was refused. Then the model hears why, and
      // has a turn to mend it (the system prompt asks it to try once more).
      const last =
        routed.some(
          (result) => result.toolName === 'update_report' && result.outcome === 'noted',
        ) && !routed.some((result) => result.outcome === 'error');
      // The turn boundary: this turn's proposals (and its audit) become visible now. A last
      // turn with nothing to propose leaves its audit to the wake's end, one write fewer.
      if (!last || builder.hasUnflushed) {
        if ((await builder.flush(audit.take())) > 0) await options.afterFlush?.();
      }
      onProgress({ type: 'proposed', total: builder.savedCount });

      messages.push(...turnMessages(answer.parts, calls, routed));
      if (last) break;
      if (turn === maxTurns) ending = 'turn-limit';
    }
    return await finish('done');
  } catch (error) {
    if (options.signal?.aborted) return finish('cancelled');
    return finish('failed', describeWakeError(error, options));
  }
}

function describeWakeDenial(verdict: Exclude<PolicyVerdict, { allowed: true }>): string {
  if (verdict.reason === 'not-allowed')
    return `The agent may not act on tasks in "${verdict.categoryName}", so nothing was sent to the model. Allow it on this task's page or in Settings.`;
  return 'This task has no category, and the agent only acts on tasks in categories you allow, so nothing was sent to the model. Choose a category for the task first.';
}

function describeWakeError(error: unknown, options: WakeOptions): ErrorDescription {
  if (error instanceof ProposalStorageError) {
    return {
      kind: 'storage',
      message: `Countersign could not save the agent's proposals on this device: ${error.message} Nothing from that turn is waiting for review.`,
    };
  }
  return describeTurnError(error, options.providerLabel, options.describeError);
}
