/**
 * One wake of the task agent: read the task's context, let the model take up to eight
 * turns, route every tool call, flush proposals at each turn boundary, and record the
 * report, observations and the wake itself. It calls the provider's LanguageModelV4
 * directly, not through a tool loop, because routing has to see each raw call (name
 * and arguments as sent) before any validation, and turn boundaries are where
 * proposals become visible. It never throws: every ending is a WakeOutcome.
 */
import type { LanguageModelV4, LanguageModelV4Message } from '@ai-sdk/provider';
import { readPolicyVerdict } from '../db/agent-config';
import { addObservations, putWake, saveReport } from '../db/agent-records';
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { DEFAULT_AGENT_ID, type Wake } from '../domain/agent';
import type { PolicyVerdict } from '../domain/agent-policy';
import { writeAuditSafely } from '../dispatcher/audit-writer';
import type { MutatedEntry } from '../dispatcher/dispatch-types';
import { ChangeSetBuilder } from './change-set-builder';
import { modelToolSpecs } from './model-tool-specs';
import { readModelTurn, StreamCutError, StreamReadError, type ModelTurn } from './read-model-turn';
import { renderContext } from './render-context';
import {
  routeToolCall,
  type RawToolCall,
  type RoutedCall,
  type WakeNotes,
} from './route-tool-call';
import { MAX_TURNS, systemPrompt } from './system-prompt';
import { withTaskLock } from './task-lock';
import { buildWakeContext } from './wake-context';
import type { WakeProgress } from './wake-progress';

export interface ErrorDescription {
  kind: string;
  message: string;
  retryAfterSeconds?: number;
}

export interface WakeOptions {
  db: CountersignDatabase;
  taskId: string;
  model: LanguageModelV4;
  /** Names the provider in progress messages ("Connecting to …"). */
  providerLabel: string;
  describeError: (error: unknown, context: { whileStreaming: boolean }) => ErrorDescription;
  agentId?: string;
  directives?: string;
  signal?: AbortSignal;
  onProgress?: (progress: WakeProgress) => void;
  maxTurns?: number;
  /** Longest wait for one answer of the model. */
  turnTimeoutMs?: number;
  /** Longest Retry-After the wake will wait out before giving up. */
  maxRetryAfterSeconds?: number;
  ttlDays?: number;
  /** Runs after each turn's proposals are flushed (trusted-tool rules apply them here). */
  afterFlush?: () => Promise<void>;
  now?: () => Date;
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

export interface WakeOutcome {
  status: 'done' | 'failed' | 'cancelled' | 'busy' | 'missing' | 'denied';
  wakeId?: string;
  message?: string;
  kind?: string;
  proposed: number;
  turns: number;
}

const MAX_CALLS_PER_TURN = 25;

export async function runWake(options: WakeOptions): Promise<WakeOutcome> {
  const report = options.onProgress ?? (() => {});
  try {
    const locked = await withTaskLock(options.taskId, () => runLocked(options, report));
    if (locked.acquired) return locked.value;
    const message =
      'The agent is already working on this task. Wait for it to finish, or cancel it.';
    report({ type: 'busy', message });
    return { status: 'busy', message, proposed: 0, turns: 0 };
  } catch (error) {
    // Only storage failures reach here (everything else is handled inside).
    const message = `The wake could not run: ${error instanceof Error ? error.message : String(error)}`;
    report({ type: 'failed', message, kind: 'storage' });
    return { status: 'failed', message, kind: 'storage', proposed: 0, turns: 0 };
  }
}

async function runLocked(
  options: WakeOptions,
  report: (progress: WakeProgress) => void,
): Promise<WakeOutcome> {
  const { db, taskId, model } = options;
  const agentId = options.agentId ?? DEFAULT_AGENT_ID;
  const now = options.now ?? (() => new Date());
  // Policy before anything is read for the model: the journal of a task the agent may not
  // act on never reaches a provider (the dispatcher's rule, checked up front).
  const verdict = await readPolicyVerdict(db, taskId, agentId);
  if (!verdict.allowed && verdict.reason !== 'task-missing') {
    const message = describeWakeDenial(verdict);
    report({ type: 'failed', message, kind: 'policy' });
    return { status: 'denied', message, kind: 'policy', proposed: 0, turns: 0 };
  }
  const context = await buildWakeContext(db, taskId, agentId, now());
  if (!context) {
    const message = 'This task no longer exists.';
    report({ type: 'failed', message, kind: 'missing' });
    return { status: 'missing', message, proposed: 0, turns: 0 };
  }

  const deviceId = await getDeviceId(db);
  const wakeId = crypto.randomUUID();
  const runKey = `wake:${wakeId}`;
  const startedAt = now().toISOString();
  const wake: Wake = {
    id: wakeId,
    agentId,
    taskId,
    runKey,
    status: 'running',
    startedAt,
    createdAt: startedAt,
    updatedAt: startedAt,
    rev: 1,
    vectorClock: { [deviceId]: 1 },
    turns: 0,
  };
  await putWake(db, wake);
  report({ type: 'started', wakeId, taskId });
  report({ type: 'connecting', provider: options.providerLabel });

  const builder = new ChangeSetBuilder({
    db,
    taskId,
    agentId,
    runKey,
    deviceId,
    rejected: context.rejected,
    openFingerprints: new Set(context.openProposals.map((proposal) => proposal.fingerprint)),
    ttlDays: options.ttlDays,
    now,
  });
  const notes: WakeNotes = { observations: [] };
  const mutatedEntries: MutatedEntry[] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  const audit = (
    entries: Parameters<typeof writeAuditSafely>[2],
    operationId: string,
    toolName = '',
  ) =>
    writeAuditSafely(
      db,
      { runKey, toolName, operationId, taskId, source: 'agent', now: now().toISOString() },
      entries,
    );
  const messages: LanguageModelV4Message[] = [
    { role: 'system', content: systemPrompt(options.directives) },
    { role: 'user', content: [{ type: 'text', text: renderContext(context) }] },
  ];
  let turn = 0;

  const finish = async (status: Wake['status'], error?: ErrorDescription): Promise<WakeOutcome> => {
    const endedAt = now().toISOString();
    if (notes.report) await saveReport(db, { agentId, taskId, ...notes.report }, deviceId, endedAt);
    if (notes.observations.length > 0) {
      await addObservations(
        db,
        notes.observations.map((observation) => ({ agentId, taskId, ...observation })),
        deviceId,
        endedAt,
      );
      notes.observations = [];
    }
    await putWake(db, {
      ...wake,
      status,
      endedAt,
      updatedAt: endedAt,
      rev: wake.rev + 1,
      turns: turn,
      proposed: builder.queuedCount,
      usage,
      mutatedEntries,
      error: error?.message,
    });
    if (status === 'done') {
      report({
        type: 'done',
        proposed: builder.queuedCount,
        turns: turn,
        oneLiner: notes.report?.oneLiner,
      });
      return { status: 'done', wakeId, proposed: builder.queuedCount, turns: turn };
    }
    if (status === 'cancelled') {
      report({ type: 'cancelled' });
      return {
        status: 'cancelled',
        wakeId,
        message: 'Cancelled.',
        proposed: builder.queuedCount,
        turns: turn,
      };
    }
    const described = error ?? { kind: 'unknown', message: 'The wake failed.' };
    // Proposals flushed at earlier turn boundaries stay; say so, so nobody wakes it again for them.
    const kept = builder.queuedCount;
    const failure =
      kept > 0
        ? {
            ...described,
            message: `${described.message} The ${kept} change${kept === 1 ? '' : 's'} proposed before that ${kept === 1 ? 'is' : 'are'} waiting for your review.`,
          }
        : described;
    report({ type: 'failed', message: failure.message, kind: failure.kind });
    return {
      status: 'failed',
      wakeId,
      message: failure.message,
      kind: failure.kind,
      proposed: builder.queuedCount,
      turns: turn,
    };
  };

  try {
    for (turn = 1; turn <= (options.maxTurns ?? MAX_TURNS); turn++) {
      report({ type: 'thinking', turn });
      const answer = await askModel(model, messages, options, report);
      usage.inputTokens += answer.usage.inputTokens ?? 0;
      usage.outputTokens += answer.usage.outputTokens ?? 0;
      if (answer.text.trim()) {
        await audit(
          [{ kind: 'thought', summary: answer.text.trim().slice(0, 2_000), payload: { turn } }],
          `${runKey}:thought:${turn}`,
        );
      }
      if (answer.toolCalls.length === 0) break;

      const calls = answer.toolCalls.slice(0, MAX_CALLS_PER_TURN);
      const routed: RoutedCall[] = [];
      for (const call of calls) {
        if (options.signal?.aborted) throw options.signal.reason;
        const result = await routeToolCall(call, {
          db,
          taskId,
          agentId,
          runKey,
          builder,
          notes,
          mutatedEntries,
        });
        routed.push(result);
        report({ type: 'tool', turn, toolName: result.toolName, outcome: result.outcome });
        if (!result.audited) {
          await audit(
            [
              {
                kind: 'action',
                summary: `Propose: ${result.toolName}`,
                payload: { args: call.input },
              },
              {
                kind: 'toolResult',
                summary: result.output.slice(0, 2_000),
                outcome: outcomeOf(result),
                payload: { output: result.output },
              },
            ],
            `${runKey}:${call.toolCallId}`,
            result.toolName,
          );
        }
      }
      // The turn boundary: this turn's proposals become visible to the person now.
      if ((await builder.flush()) > 0) await options.afterFlush?.();
      report({ type: 'proposed', total: builder.queuedCount });

      messages.push(
        {
          role: 'assistant',
          content: [
            ...(answer.text ? [{ type: 'text' as const, text: answer.text }] : []),
            ...calls.map(toolCallPart),
          ],
        },
        {
          role: 'tool',
          content: calls.map((call, index) => ({
            type: 'tool-result' as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            output: { type: 'text' as const, value: routed[index]!.output },
          })),
        },
      );
      // The report is the agent's last word (see the system prompt): no need for another turn.
      if (
        routed.some((result) => result.toolName === 'update_report' && result.outcome === 'noted')
      )
        break;
    }
    return await finish('done');
  } catch (error) {
    if (options.signal?.aborted) return finish('cancelled');
    return finish('failed', describeWakeError(error, options));
  }
}

async function askModel(
  model: LanguageModelV4,
  messages: LanguageModelV4Message[],
  options: WakeOptions,
  report: (progress: WakeProgress) => void,
): Promise<ModelTurn> {
  const sleep = options.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    const signals = [
      AbortSignal.timeout(options.turnTimeoutMs ?? 120_000),
      ...(options.signal ? [options.signal] : []),
    ];
    try {
      return await readModelTurn(model, {
        prompt: messages,
        tools: modelToolSpecs(),
        toolChoice: { type: 'auto' },
        maxOutputTokens: 2_048,
        abortSignal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const description = options.describeError(error, { whileStreaming: false });
      const wait = description.retryAfterSeconds;
      if (
        description.kind === 'rate-limited' &&
        wait !== undefined &&
        wait <= (options.maxRetryAfterSeconds ?? 30) &&
        attempt < 3
      ) {
        report({
          type: 'waiting',
          seconds: wait,
          reason: 'The provider asked to wait before the next request (rate limit).',
        });
        await sleep(wait * 1_000, options.signal);
        continue;
      }
      throw error;
    }
  }
}

function describeWakeDenial(verdict: Exclude<PolicyVerdict, { allowed: true }>): string {
  if (verdict.reason === 'not-allowed')
    return `The agent may not act on tasks in "${verdict.categoryName}", so nothing was sent to the model. Allow it on this task's page or in Settings.`;
  return 'This task has no category, and the agent only acts on tasks in categories you allow, so nothing was sent to the model. Choose a category for the task first.';
}

function describeWakeError(error: unknown, options: WakeOptions): ErrorDescription {
  if (error instanceof StreamCutError) {
    return {
      kind: 'stream-cut',
      message: `The answer from ${options.providerLabel} broke off before it was complete. Nothing from that answer was kept. Try again.`,
    };
  }
  if (error instanceof StreamReadError)
    return options.describeError(error.original, { whileStreaming: true });
  return options.describeError(error, { whileStreaming: false });
}

function toolCallPart(call: RawToolCall) {
  let input: unknown = call.input;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      // Keep the raw text: the model should see what it sent.
    }
  }
  return {
    type: 'tool-call' as const,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input,
  };
}

function outcomeOf(result: RoutedCall): 'success' | 'noop' | 'failure' {
  if (result.outcome === 'error') return 'failure';
  if (result.outcome === 'skipped') return 'noop';
  return 'success';
}

function abortableSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
