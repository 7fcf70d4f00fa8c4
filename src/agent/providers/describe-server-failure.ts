/**
 * Reads a failure the server did answer: its HTTP status (when there is one) and its own
 * words, from the error message and body. Servers word the same problem differently, so
 * the patterns below name where each wording comes from.
 */
import { capitalize, type ProviderAddress } from './describe-provider-address';
import type { ProviderErrorDescription } from './provider-error-description';
import { shorten, timeout } from './provider-error-messages';
import type { ProviderSettings } from '../../domain/provider-settings';
import { retryAfterSeconds } from './retry-after-seconds';
import { diagnoseToolFailure } from './diagnose-tool-failure';
import { countOf } from '../../lib/count-of';

const MODEL_NOT_FOUND =
  /model\b[^\n]{0,80}?(not found|does not exist|is not available)|(unknown|invalid|no such) model|model_not_found|not_found_error[^}]*model/i;
const QUOTA_EXHAUSTED = /quota|insufficient_quota|billing|credit balance|out of credits/i;

/** Reads a failure from its status and the server's own words (message and body). */
export function describeServerFailure({
  statusCode,
  text,
  serverMessage,
  responseHeaders,
  settings,
  address,
}: {
  statusCode: number | undefined;
  text: string;
  serverMessage: string;
  responseHeaders?: Record<string, string>;
  settings: ProviderSettings | undefined;
  address: ProviderAddress;
}): ProviderErrorDescription {
  const providerName = capitalize(address.name);
  const model = settings?.model ? `"${settings.model}"` : 'chosen';
  const status = statusCode === undefined ? '' : ` (HTTP ${statusCode})`;
  const serverSaid = quoteServerMessage(serverMessage, statusCode);

  const diagnosed = diagnoseToolFailure(text, address, model);
  if (diagnosed) return diagnosed;
  if (statusCode === 401) {
    return {
      kind: 'unauthorized',
      message: settings?.apiKey
        ? `${providerName} did not accept the API key${status}. Check the key in Settings.`
        : `${providerName} asks for an API key${status}. Enter one in Settings.`,
    };
  }
  if (statusCode === 403) {
    return {
      kind: 'forbidden',
      message: `${providerName} refused access${status}. Check that this key may use the ${model} model.${serverSaid}`,
    };
  }
  if (
    (statusCode === 404 || statusCode === 400 || statusCode === 422 || statusCode === undefined) &&
    MODEL_NOT_FOUND.test(text)
  ) {
    return {
      kind: 'unknown-model',
      message: `${providerName} does not know the ${model} model. Check the model name${address.flavour === 'ollama' && settings?.model ? `, or download it with "ollama pull ${settings.model}"` : ''}.`,
    };
  }
  if (statusCode === 404) return notFound(providerName, status, address);
  if (statusCode === 408) return timeout(address);
  if (statusCode === 429 || (statusCode === undefined && /rate.?limit/i.test(text))) {
    if (QUOTA_EXHAUSTED.test(text)) {
      return {
        kind: 'rate-limited',
        message: `${providerName} says the account is out of quota or credit${status}. Check the plan and billing for this key.${serverSaid}`,
      };
    }
    const seconds = retryAfterSeconds(responseHeaders);
    if (seconds === undefined) {
      return {
        kind: 'rate-limited',
        message: `${providerName} is rate-limiting requests${status}. Wait a little and try again.`,
      };
    }
    return {
      kind: 'rate-limited',
      retryAfterSeconds: seconds,
      message: `${providerName} is rate-limiting requests${status} and asks to wait ${countOf(seconds, 'second')}.`,
    };
  }
  const isServerFault =
    statusCode === undefined ? /overloaded|server_error|api_error/i.test(text) : statusCode >= 500;
  if (isServerFault) {
    const busy = statusCode === 503 || statusCode === 529 || /overloaded/i.test(text);
    return {
      kind: 'server-error',
      message: busy
        ? `${providerName} is overloaded or unavailable${status}. Try again in a moment.`
        : `${providerName} had an internal error${status}. Try again in a moment.${serverSaid}`,
    };
  }
  return {
    kind: 'unknown',
    message: `${providerName} rejected the request${status}.${serverSaid}`,
  };
}

/** Quotes the server's own words when they add something beyond the status line. */
function quoteServerMessage(message: string, statusCode: number | undefined): string {
  const trimmed = message.trim();
  // "Not Found", "Internal Server Error": the SDK's fallback when the body was not JSON.
  const isBareStatusText =
    trimmed === '' || (/^[A-Za-z ]+$/.test(trimmed) && trimmed.split(' ').length <= 4);
  if (isBareStatusText && statusCode !== undefined) return '';
  return ` It said: "${shorten(trimmed)}"`;
}

/** A 404 that is not about the model: the base URL is wrong, most often missing /v1. */
function notFound(
  providerName: string,
  status: string,
  address: ProviderAddress,
): ProviderErrorDescription {
  const base = address.baseURL?.replace(/\/+$/, '');
  const missesV1 =
    base !== undefined && URL.canParse(base) && !/\/v\d+\b/.test(new URL(base).pathname);
  if (missesV1) {
    return {
      kind: 'unreachable',
      message: `${providerName} answered "not found"${status}: the base URL is missing /v1. Use ${base}/v1.`,
    };
  }
  return {
    kind: 'unreachable',
    message: `${providerName} answered "not found"${status}, so the base URL is probably wrong.${address.flavour === 'ollama' ? ' For Ollama it is http://localhost:11434/v1.' : ' It usually ends in /v1.'}`,
  };
}
