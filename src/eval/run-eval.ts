/**
 * Runs situations through the real wake (runWake: the app's prompt, tools, routing,
 * policy and change sets), each on a fresh throwaway database, and scores them. The
 * caller opens the databases (fake-indexeddb in Node, a separately named IndexedDB
 * database in the browser); each is deleted after its situation, whatever happened.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { runWake } from '../agent/run-wake';
import type { WakeOptions } from '../agent/wake-options';
import type { CountersignDatabase } from '../db/database';
import { recordingModel } from './recording-model';
import type { EvalProgress, EvalRun, SituationScore } from './eval-run';
import { scoreSituation, totalsOf } from './score-situation';
import { seedSituation } from './seed-situation';
import type { Situation } from './situation';

export interface EvalOptions {
  model: LanguageModelV4;
  providerLabel: string;
  describeError: WakeOptions['describeError'];
  situations: readonly Situation[];
  /** A fresh, empty database for one situation; deleted when it is scored. */
  openDatabase: () => CountersignDatabase;
  signal?: AbortSignal;
  onProgress?: (progress: EvalProgress) => void;
  /** Longest wait for one answer of the model. */
  turnTimeoutMs?: number;
}

/** A failure that no situation can get past (no server, a wrong key): the run stops with its words. */
export class EvalStoppedError extends Error {
  override readonly name = 'EvalStoppedError';
}

/**
 * Failures that no later situation can get past: the configuration is wrong (the
 * provider error kinds of describeProviderError), or the throwaway journal cannot be saved.
 */
const CONFIGURATION_KINDS = new Set([
  'unreachable',
  'cors',
  'unauthorized',
  'forbidden',
  'unknown-model',
  'storage',
]);

export async function runEval(options: EvalOptions): Promise<EvalRun> {
  const startedAt = new Date().toISOString();
  const scores: SituationScore[] = [];
  const total = options.situations.length;
  let reachedModel = false;
  for (const [index, situation] of options.situations.entries()) {
    if (options.signal?.aborted) throw options.signal.reason;
    options.onProgress?.({ type: 'situation', index, total, name: situation.name });
    const score = await runSituation(situation, options);
    const failed = score.status === 'failed';
    // The first wake that asks the model tells whether it can be reached at all.
    if (failed && (!reachedModel || CONFIGURATION_KINDS.has(score.kind ?? '')))
      throw new EvalStoppedError(score.message ?? 'The model could not be reached.');
    if (score.status === 'cancelled') throw options.signal?.reason ?? new Error('Cancelled.');
    if (score.status !== 'denied') reachedModel = true;
    const { kind: _kind, ...kept } = score;
    scores.push(kept);
    options.onProgress?.({ type: 'scored', index, total, score: kept });
  }
  return { model: options.providerLabel, startedAt, scores, totals: totalsOf(scores) };
}

async function runSituation(
  situation: Situation,
  options: EvalOptions,
): Promise<SituationScore & { kind?: string }> {
  const db = options.openDatabase();
  try {
    const { taskId, ids } = await seedSituation(db, situation);
    const { model, record } = recordingModel(options.model);
    const routed: { outcome: string }[] = [];
    const started = performance.now();
    const outcome = await runWake({
      db,
      taskId,
      model,
      providerLabel: options.providerLabel,
      describeError: options.describeError,
      maxTurns: situation.maxTurns,
      signal: options.signal,
      ...(options.turnTimeoutMs ? { turnTimeoutMs: options.turnTimeoutMs } : {}),
      onProgress: (progress) => {
        if (progress.type === 'tool') routed.push({ outcome: progress.outcome });
      },
    });
    const milliseconds = performance.now() - started;
    const saved = (await db.changeItems.where('taskId').equals(taskId).toArray())
      .filter((item) => item.status === 'pending')
      .map((item) => ({ tool: item.toolName, args: item.args }));
    const score = scoreSituation({ situation, ids, outcome, record, routed, saved, milliseconds });
    return { ...score, ...(outcome.kind ? { kind: outcome.kind } : {}) };
  } finally {
    await db.delete();
  }
}
