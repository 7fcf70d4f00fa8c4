/**
 * Builds the AI SDK model (LanguageModelV4) for the provider a person set in Settings.
 * Settings that cannot work are refused here with a ProviderConfigError, before any
 * request, so the person is told what to fill in rather than what the network said.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { cappedFetch } from './capped-fetch';
import { ProviderConfigError } from './provider-config-error';
import { withoutCredentials } from './without-credentials';
import type { ProviderKind, ProviderSettings } from '../../domain/provider-settings';

export interface CreateLanguageModelOptions {
  /** Replaces the global fetch (tests, or a worker that wants to log traffic). */
  fetch?: typeof fetch;
}

const EXAMPLE_MODELS: Record<Exclude<ProviderKind, 'demo'>, string> = {
  'openai-compatible': 'llama3.1 for Ollama',
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
};

export function createLanguageModel(
  settings: ProviderSettings,
  options: CreateLanguageModelOptions = {},
): LanguageModelV4 {
  switch (settings.kind) {
    case 'demo':
      // A contract error rather than a settings mistake: callers route the demo elsewhere.
      throw new ProviderConfigError(
        'kind',
        'The demo agent needs no AI provider: its model comes from src/agent/demo, not from createLanguageModel.',
      );

    case 'openai-compatible': {
      const baseURL = requiredBaseURL(settings.baseURL);
      const model = requiredModel(settings.model, settings.kind);
      // Local servers usually need no key; with none, no Authorization header is sent.
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey: settings.apiKey?.trim() || undefined,
        // Asks for token usage in the last stream chunk, so wakes can record it.
        includeUsage: true,
        fetch: cappedFetch(options.fetch),
      }).chatModel(model);
    }

    case 'openai': {
      const baseURL = optionalBaseURL(settings.baseURL);
      const model = requiredModel(settings.model, settings.kind);
      // .chat(): chat completions, which every OpenAI-style server speaks; the default
      // model factory targets the Responses API instead.
      return createOpenAI({
        apiKey: requiredApiKey(settings.apiKey, 'OpenAI'),
        baseURL,
        fetch: cappedFetch(options.fetch),
      }).chat(model);
    }

    case 'anthropic': {
      const baseURL = optionalBaseURL(settings.baseURL);
      const model = requiredModel(settings.model, settings.kind);
      return createAnthropic({
        apiKey: requiredApiKey(settings.apiKey, 'Anthropic'),
        baseURL,
        // Anthropic refuses browser requests (CORS) unless the caller says it means it.
        headers: { 'anthropic-dangerous-direct-browser-access': 'true' },
        fetch: cappedFetch(options.fetch),
      }).languageModel(model);
    }
  }
}

function requiredBaseURL(baseURL: string | undefined): string {
  const checked = optionalBaseURL(baseURL);
  if (checked === undefined) {
    throw new ProviderConfigError(
      'baseURL',
      "Enter the server's base URL, for example http://localhost:11434/v1 for Ollama.",
    );
  }
  return checked;
}

function optionalBaseURL(baseURL: string | undefined): string | undefined {
  const trimmed = baseURL?.trim();
  if (!trimmed) return undefined;
  const url = URL.canParse(trimmed) ? new URL(trimmed) : undefined;
  // "localhost:11434/v1" parses, with "localhost:" as its scheme: only http(s) will do.
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ProviderConfigError(
      'baseURL',
      `"${withoutCredentials(trimmed)}" is not a web address. Enter one that starts with http:// or https://, for example http://localhost:11434/v1 for Ollama.`,
    );
  }
  // The SDK appends /chat/completions (or /messages) itself.
  if (/\/(chat\/completions|messages)\/?$/.test(url.pathname)) {
    throw new ProviderConfigError(
      'baseURL',
      `Enter the base URL without the endpoint at the end, for example ${withoutCredentials(trimmed).replace(/\/(chat\/completions|messages)\/?$/, '')}.`,
    );
  }
  return trimmed;
}

function requiredModel(model: string, kind: Exclude<ProviderKind, 'demo'>): string {
  const trimmed = model.trim();
  if (trimmed === '') {
    throw new ProviderConfigError(
      'model',
      `Enter a model name, for example ${EXAMPLE_MODELS[kind]}.`,
    );
  }
  return trimmed;
}

function requiredApiKey(apiKey: string | undefined, providerName: string): string {
  const trimmed = apiKey?.trim();
  if (!trimmed) {
    throw new ProviderConfigError(
      'apiKey',
      `Enter your ${providerName} API key. It stays on this device.`,
    );
  }
  return trimmed;
}
