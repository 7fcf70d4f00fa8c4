/**
 * For tests: a whole wake, played by a scripted model through runWake, so
 * the trail holds what a real wake writes (its thoughts, calls, proposals and records).
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { expect } from 'vitest';
import { scriptedModel, type ScriptedTurn } from './scripted-model';
import { describeProviderError } from '../../src/agent/providers/describe-provider-error';
import { runWake } from '../../src/agent/run-wake';
import type { WakeOptions } from '../../src/agent/wake-options';
import type { CountersignDatabase } from '../../src/db/database';

/** runWake on `taskId` with `model`, as the tests' provider, never sleeping between retries. */
export function wakeWithModel(
  db: CountersignDatabase,
  taskId: string,
  model: LanguageModelV4,
  extra: Partial<WakeOptions> = {},
) {
  return runWake({
    db,
    taskId,
    model,
    providerLabel: 'Test provider',
    describeError: (error, context) => describeProviderError(error, undefined, context),
    sleep: async () => {},
    ...extra,
  });
}

/** Wakes the agent on a task it may act on; resolves with the wake's operation key. */
export async function scriptedWake(
  db: CountersignDatabase,
  taskId: string,
  turns: ScriptedTurn[],
): Promise<string> {
  const outcome = await wakeWithModel(db, taskId, scriptedModel(turns).model);
  expect(outcome.status).toBe('done');
  return `wake:${outcome.wakeId!}`;
}
