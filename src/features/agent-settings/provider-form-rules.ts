/**
 * The provider form's draft and its validation: what Settings shows, and the
 * ProviderSettings it saves. Every problem is reported at once, each at its field, in
 * the words src/agent/providers uses for the same mistakes.
 */
import {
  PROVIDER_LABELS,
  type ProviderKind,
  type ProviderSettings,
} from '../../domain/provider-settings';

export type ProviderField = 'kind' | 'baseURL' | 'model' | 'apiKey';
export type ProviderFormErrors = Partial<Record<ProviderField, string>>;

export interface ProviderDraft {
  kind: ProviderKind | '';
  baseURL: string;
  /** For OpenAI and Anthropic: whether the "Custom base URL" override is open (and used). */
  customBaseURL: boolean;
  model: string;
  apiKey: string;
}

/** The demo agent follows a script; its model name is fixed and never shown. */
const DEMO_MODEL = 'scripted';
export const DEFAULT_COMPATIBLE_BASE_URL = 'http://localhost:11434/v1';

export const MODEL_EXAMPLES: Record<Exclude<ProviderKind, 'demo'>, string> = {
  'openai-compatible': 'llama3.2',
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
};

export function draftFromSettings(settings: ProviderSettings | undefined): ProviderDraft {
  if (!settings) return { kind: '', baseURL: '', customBaseURL: false, model: '', apiKey: '' };
  return {
    kind: settings.kind,
    baseURL: settings.baseURL ?? '',
    customBaseURL: settings.kind !== 'openai-compatible' && Boolean(settings.baseURL),
    model: settings.kind === 'demo' ? '' : settings.model,
    apiKey: settings.apiKey ?? '',
  };
}

export type ValidationResult =
  { ok: true; settings: ProviderSettings } | { ok: false; errors: ProviderFormErrors };

export function validateProviderDraft(draft: ProviderDraft): ValidationResult {
  if (draft.kind === '') {
    return {
      ok: false,
      errors: {
        kind: 'Choose a provider: a server such as Ollama, OpenAI, Anthropic or the demo agent.',
      },
    };
  }
  if (draft.kind === 'demo') return { ok: true, settings: { kind: 'demo', model: DEMO_MODEL } };

  const kind = draft.kind;
  const errors: ProviderFormErrors = {};
  const usesBaseURL = kind === 'openai-compatible' || draft.customBaseURL;
  const baseURL = usesBaseURL ? draft.baseURL.trim() : '';
  if (kind === 'openai-compatible' && baseURL === '') {
    errors.baseURL = `Enter the server's base URL, for example ${DEFAULT_COMPATIBLE_BASE_URL} for Ollama.`;
  } else if (baseURL !== '') {
    const problem = baseURLProblem(baseURL);
    if (problem) errors.baseURL = problem;
  }
  const model = draft.model.trim();
  if (model === '') errors.model = `Enter a model name, for example ${MODEL_EXAMPLES[kind]}.`;
  const apiKey = draft.apiKey.trim();
  if (kind !== 'openai-compatible' && apiKey === '') {
    errors.apiKey = `Enter your ${PROVIDER_LABELS[kind]} API key. It stays on this device.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      kind,
      model,
      ...(baseURL && { baseURL }),
      ...(apiKey && { apiKey }),
    },
  };
}

function baseURLProblem(baseURL: string): string | undefined {
  const url = URL.canParse(baseURL) ? new URL(baseURL) : undefined;
  // "localhost:11434/v1" parses, with "localhost:" as its scheme: only http(s) will do.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return `"${baseURL}" is not a web address. Enter one that starts with http:// or https://, for example ${DEFAULT_COMPATIBLE_BASE_URL}.`;
  }
  if (/\/(chat\/completions|messages)\/?$/.test(url.pathname)) {
    return `Enter the base URL without the endpoint at the end, for example ${baseURL.replace(/\/(chat\/completions|messages)\/?$/, '')}.`;
  }
  return undefined;
}

/** Which provider Settings says the agent uses, for "Saved." messages. */
export function describeSavedProvider(settings: ProviderSettings): string {
  if (settings.kind === 'demo') return 'the demo agent';
  if (settings.kind === 'openai-compatible') return `${settings.model} at ${settings.baseURL}`;
  return `${PROVIDER_LABELS[settings.kind]} (${settings.model})`;
}
