/**
 * The sentences describeProviderError uses for failures of the connection itself
 * (nothing, or nothing readable, came back), with hints for the usual local servers.
 */
import { capitalize, type ProviderAddress } from './describe-provider-address';
import type { ProviderErrorDescription } from './provider-error-description';
import type { ProviderSettings } from '../../domain/provider-settings';

/** Longest piece of a server's own error text quoted in a message. */
const SERVER_TEXT_LIMIT = 200;

export function shorten(text: string): string {
  const singleLine = text.replace(/\s+/g, ' ').trim();
  return singleLine.length > SERVER_TEXT_LIMIT
    ? `${singleLine.slice(0, SERVER_TEXT_LIMIT - 1)}…`
    : singleLine;
}

export function unreachableOrBlocked(address: ProviderAddress): ProviderErrorDescription {
  if (address.baseURL === undefined) {
    return {
      kind: 'unreachable',
      message: `Could not reach ${address.name}. Check the internet connection and try again.`,
    };
  }
  return {
    kind: 'unreachable',
    message: `Could not reach ${address.name}. Either it is not running, or it is running but does not allow requests from this app (CORS). ${allowOriginHint(address)}${mixedContentHint(address.baseURL)}`,
  };
}

export function allowOriginHint(address: ProviderAddress): string {
  const origin = globalThis.location?.origin;
  const appOrigin = origin && origin !== 'null' ? origin : undefined;
  switch (address.flavour) {
    case 'ollama':
      return `If it is Ollama, start it with OLLAMA_ORIGINS=${appOrigin ?? "this app's address"} ollama serve.`;
    case 'lm-studio':
      return 'If it is LM Studio, turn on "Enable CORS" in its server settings.';
    case 'other':
      return `The server must allow requests from ${appOrigin ?? "this app's address"}.`;
  }
}

/** A page served over https may not call plain http, except on this computer. */
function mixedContentHint(baseURL: string): string {
  if (globalThis.location?.protocol !== 'https:') return '';
  try {
    const url = new URL(baseURL);
    const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if (url.protocol === 'http:' && !isLocal) {
      return ' This app runs over https, so the browser also blocks plain http addresses other than localhost.';
    }
  } catch {
    // Not a URL: nothing to add.
  }
  return '';
}

export function startServerHint(address: ProviderAddress): string {
  return address.flavour === 'ollama' ? ' If it is Ollama, start it with "ollama serve".' : '';
}

export function timeout(address: ProviderAddress): ProviderErrorDescription {
  return {
    kind: 'timeout',
    message: `${capitalize(address.name)} did not answer in time. It may be busy or still loading the model; try again.`,
  };
}

export function streamCut(address: ProviderAddress): ProviderErrorDescription {
  return {
    kind: 'stream-cut',
    message: `The connection to ${address.name} dropped in the middle of an answer. Try again.`,
  };
}

/**
 * The server closed its answer cleanly, but never said the answer was complete (no
 * finish_reason): a proxy's or the server's own time limit, or a server that does not
 * follow the streaming format. Not a dropped connection: trying again may end the same way.
 */
export function streamUnfinished(address: ProviderAddress): ProviderErrorDescription {
  return {
    kind: 'stream-cut',
    message: `${capitalize(address.name)} ended its answer without saying it was complete (no finish reason), so nothing from that answer was kept. Try again; if it keeps happening, something between here and the model may be cutting answers short, or the server does not follow the OpenAI streaming format.`,
  };
}

export function badResponse(address: ProviderAddress): ProviderErrorDescription {
  return {
    kind: 'bad-response',
    message: `${capitalize(address.name)} answered, but not in a format this app understands. Check that the base URL points at the API (it often ends in /v1).`,
  };
}

export function missingKeyMessage(settings: ProviderSettings | undefined): string {
  const provider =
    settings?.kind === 'anthropic'
      ? 'Anthropic'
      : settings?.kind === 'openai'
        ? 'OpenAI'
        : 'provider';
  return `Enter your ${provider} API key in Settings. It stays on this device.`;
}
