/**
 * How messages name the provider a person configured: "the server at
 * http://localhost:11434/v1", "OpenAI", "Anthropic (at https://proxy.example/v1)", and
 * which well-known local server it probably is, so hints can be specific.
 */
import { PROVIDER_LABELS, type ProviderSettings } from '../../domain/provider-settings';
import { withoutCredentials } from './without-credentials';

export type LocalServerFlavour = 'ollama' | 'lm-studio' | 'other';

export interface ProviderAddress {
  /** Lower-case, for the middle of a sentence: "the server at http://…", "OpenAI". */
  name: string;
  /** The base URL as shown to the person (credentials in it removed), if one is set. */
  baseURL?: string;
  flavour: LocalServerFlavour;
}

const OLLAMA_PORT = '11434';
const LM_STUDIO_PORT = '1234';

export function describeProviderAddress(settings?: ProviderSettings): ProviderAddress {
  if (settings === undefined) return { name: 'the AI provider', flavour: 'other' };
  const baseURL = displayableURL(settings.baseURL);
  const flavour = guessFlavour(baseURL);
  switch (settings.kind) {
    case 'openai-compatible':
      return {
        name: baseURL ? `the server at ${baseURL}` : 'the OpenAI-compatible server',
        baseURL,
        flavour,
      };
    case 'openai':
      return { name: baseURL ? `OpenAI (at ${baseURL})` : 'OpenAI', baseURL, flavour };
    case 'anthropic':
      return { name: baseURL ? `Anthropic (at ${baseURL})` : 'Anthropic', baseURL, flavour };
    case 'demo':
      return { name: 'the demo agent', flavour: 'other' };
  }
}

/** Names the provider in a wake's words ("Connecting to …", "The answer from …"). */
export function providerLabel(settings: ProviderSettings): string {
  if (settings.kind === 'demo') return 'the demo agent';
  if (settings.kind === 'openai-compatible')
    return `${settings.model} at ${settings.baseURL ? withoutCredentials(settings.baseURL.trim()) : 'the server'}`;
  return `${PROVIDER_LABELS[settings.kind]} (${settings.model})`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The base URL without user:password, so they never reach a message. */
function displayableURL(baseURL: string | undefined): string | undefined {
  const trimmed = baseURL?.trim();
  return trimmed ? withoutCredentials(trimmed) : undefined;
}

function guessFlavour(baseURL: string | undefined): LocalServerFlavour {
  if (!baseURL) return 'other';
  try {
    const url = new URL(baseURL);
    if (url.port === OLLAMA_PORT || url.hostname.includes('ollama')) return 'ollama';
    if (url.port === LM_STUDIO_PORT) return 'lm-studio';
  } catch {
    // Not a URL: no guess.
  }
  return 'other';
}
