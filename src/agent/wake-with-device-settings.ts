/**
 * Everything a wake needs, from this device's settings: the model (a real provider or
 * the demo agent), the agent's directives and the review TTL. Used by the worker; kept
 * apart from it so tests can run a whole wake without one.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { readDefaultAgent } from '../db/agent-config';
import {
  readProviderSettings,
  readTtlDays,
  readWholeAnswers,
  rememberWholeAnswers,
} from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import type { ProviderSettings } from '../domain/provider-settings';
import { applyTrustedItems } from '../confirmation/apply-trusted-items';
import { createDemoModel } from './demo/create-demo-model';
import { createLanguageModel } from './providers/create-language-model';
import { providerLabel } from './providers/describe-provider-address';
import { describeProviderError } from './providers/describe-provider-error';
import { withoutCredentials } from './providers/without-credentials';
import { runWake, type WakeOutcome } from './run-wake';
import type { WakeProgress, WakeRequest } from './wake-progress';

export const NOT_CONFIGURED_MESSAGE =
  'The agent has no model yet. Choose one in Settings, under Agent: a server such as Ollama or LM Studio, OpenAI, Anthropic, or the demo agent, which works without a network.';

export interface DeviceWakeOptions {
  signal?: AbortSignal;
  onProgress?: (progress: WakeProgress) => void;
  fetch?: typeof fetch;
}

export async function wakeWithDeviceSettings(
  db: CountersignDatabase,
  request: WakeRequest,
  options: DeviceWakeOptions = {},
): Promise<WakeOutcome> {
  const fail = (kind: string, said: string): WakeOutcome => {
    const message = withoutCredentials(said);
    options.onProgress?.({ type: 'failed', kind, message });
    return { status: 'failed', kind, message, proposed: 0, turns: 0 };
  };
  const settings = await readProviderSettings(db);
  if (!settings) return fail('not-configured', NOT_CONFIGURED_MESSAGE);

  let model: LanguageModelV4;
  try {
    model =
      settings.kind === 'demo'
        ? createDemoModel()
        : createLanguageModel(settings, { fetch: options.fetch });
  } catch (error) {
    const description = describeProviderError(error, settings);
    return fail(description.kind, description.message);
  }

  const configuration = providerConfiguration(settings);
  const [agent, ttlDays, wholeAnswers] = await Promise.all([
    readDefaultAgent(db),
    readTtlDays(db),
    readWholeAnswers(db, configuration),
  ]);
  return runWake({
    db,
    taskId: request.taskId,
    model,
    providerLabel: providerLabel(settings),
    describeError: (error, context) => describeProviderError(error, settings, context),
    directives: agent?.directives,
    wholeAnswers,
    rememberWholeAnswers: () => rememberWholeAnswers(db, configuration),
    ttlDays,
    afterFlush: async () => {
      await applyTrustedItems(db, request.taskId);
    },
    signal: options.signal,
    onProgress: options.onProgress,
  });
}

/** One provider configuration: a server, and the model on it. */
function providerConfiguration(settings: ProviderSettings): string {
  return JSON.stringify([settings.kind, settings.baseURL?.trim() ?? '', settings.model.trim()]);
}
