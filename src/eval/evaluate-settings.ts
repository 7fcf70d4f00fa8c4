/**
 * The eval for a provider as Settings describes one (kind, base URL, model, key): the
 * model is built by the app's own createLanguageModel and its failures are said in the
 * app's own words (describeProviderError), so the eval and a wake agree on both.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { createDemoModel } from '../agent/demo/create-demo-model';
import { createLanguageModel } from '../agent/providers/create-language-model';
import { describeProviderError } from '../agent/providers/describe-provider-error';
import { withoutCredentials } from '../agent/providers/without-credentials';
import type { ProviderSettings } from '../domain/provider-settings';
import type { EvalRun } from './eval-run';
import { EvalStoppedError, runEval, type EvalOptions } from './run-eval';

export type EvaluateOptions = Omit<EvalOptions, 'model' | 'providerLabel' | 'describeError'> & {
  fetch?: typeof fetch;
};

export async function evaluateSettings(
  settings: ProviderSettings,
  options: EvaluateOptions,
): Promise<EvalRun> {
  let model: LanguageModelV4;
  try {
    model =
      settings.kind === 'demo'
        ? createDemoModel({ delayMs: 0 })
        : createLanguageModel(settings, { fetch: options.fetch });
  } catch (error) {
    throw new EvalStoppedError(describeProviderError(error, settings).message);
  }
  return runEval({
    ...options,
    model,
    providerLabel: modelName(settings),
    describeError: (error, context) => describeProviderError(error, settings, context),
  });
}

/** The model as a report names it: "qwen3:8b at http://localhost:11434/v1". */
function modelName(settings: ProviderSettings): string {
  if (settings.kind === 'demo') return 'the demo agent';
  const where = settings.baseURL?.trim()
    ? withoutCredentials(settings.baseURL.trim())
    : settings.kind;
  return `${settings.model.trim()} at ${where}`;
}
