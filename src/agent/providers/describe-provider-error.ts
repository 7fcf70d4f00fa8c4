/**
 * Turns whatever a provider call threw (or put in an `error` stream part) into a kind
 * the app can act on and a sentence or two a person can act on. It recognises AI SDK
 * errors by their stable names and markers, not by instanceof, because the worker and
 * the page may load different copies of the SDK.
 */
import { APICallError } from '@ai-sdk/provider';
import { CrossOriginBlockedError } from './cross-origin-blocked-error';
import {
  capitalize,
  describeProviderAddress,
  type ProviderAddress,
} from './describe-provider-address';
import { describeServerFailure } from './describe-server-failure';
import {
  allowOriginHint,
  badResponse,
  missingKeyMessage,
  shorten,
  startServerHint,
  streamCut,
  streamUnfinished,
  timeout,
  unreachableOrBlocked,
} from './provider-error-messages';
import { ProviderConfigError } from './provider-config-error';
import type { ProviderErrorDescription } from './provider-error-description';
import type { ProviderSettings } from '../../domain/provider-settings';

export interface ProviderErrorContext {
  /**
   * The error came while reading the stream of an answer that had already started.
   * Browsers word a dropped connection like a failed request, so say where it happened.
   */
  whileStreaming?: boolean;
}

// How browsers and Node word a request that never got an answer. A CORS block is one of them.
const REQUEST_FAILED =
  /^(failed to fetch|fetch failed|networkerror when attempting to fetch resource\.?|load failed|network request failed)$/i;
// How they word a response body that stopped arriving (Node's undici, Chrome, Firefox, Safari).
const BODY_CUT =
  /^(terminated|network error|error in input stream|the network connection was lost\.?)$/i;
const SOCKET_DROPPED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'ConnectionClosed']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

export function describeProviderError(
  error: unknown,
  settings?: ProviderSettings,
  context: ProviderErrorContext = {},
): ProviderErrorDescription {
  const description = classify(error, settings, context);
  return { ...description, message: withoutSecret(description.message, settings?.apiKey) };
}

function classify(
  error: unknown,
  settings: ProviderSettings | undefined,
  context: ProviderErrorContext,
): ProviderErrorDescription {
  const address = describeProviderAddress(settings);
  const providerName = capitalize(address.name);

  if (ProviderConfigError.isInstance(error)) {
    const kindByField = {
      baseURL: 'unreachable',
      model: 'unknown-model',
      apiKey: 'unauthorized',
      kind: 'unknown',
    } as const;
    return { kind: kindByField[error.field], message: error.message };
  }
  if (CrossOriginBlockedError.isInstance(error)) {
    return {
      kind: 'cors',
      message: `${providerName} is running but does not let this app read its answers (CORS). ${allowOriginHint(address)}`,
    };
  }

  // generateText/streamText wrap repeated failures; the last one says what went wrong.
  if (nameOf(error) === 'AI_RetryError' && isRecord(error) && 'lastError' in error) {
    return classify(error.lastError, settings, context);
  }

  const tooLarge = causeNamed(error, 'AnswerTooLargeError');
  if (tooLarge) {
    const megabytes = Math.round(Number(tooLarge.capBytes) / (1024 * 1024));
    return {
      kind: 'output-cap',
      message: `${providerName} sent an answer larger than ${megabytes} MB, far more than the agent ever needs, so Countersign stopped reading it. The model may be repeating itself: try again, or choose another model.`,
    };
  }
  if (nameOf(error) === 'NotAStreamError') {
    return {
      kind: 'not-a-stream',
      message: `${providerName} answered with one JSON body where a stream of events was expected, so it does not stream. Countersign asks it for whole answers instead.`,
    };
  }
  if (nameOf(error) === 'TimeoutError') return timeout(address);
  if (nameOf(error) === 'AbortError' || nameOf(error) === 'ResponseAborted') {
    return { kind: 'cancelled', message: `The request to ${address.name} was cancelled.` };
  }

  if (APICallError.isInstance(error))
    return describeApiCallError(error, settings, address, context);

  if (isNetworkFailure(error)) {
    const code = networkCode(error);
    if (code !== undefined && TIMEOUT_CODES.has(code)) return timeout(address);
    const wasCut =
      BODY_CUT.test(error.message) || (code !== undefined && SOCKET_DROPPED_CODES.has(code));
    return context.whileStreaming || wasCut ? streamCut(address) : unreachableOrBlocked(address);
  }

  switch (nameOf(error)) {
    case 'AI_InvalidResponseDataError':
      if (error instanceof Error && /ended without a finish reason/i.test(error.message)) {
        return streamUnfinished(address);
      }
      return badResponse(address);
    case 'AI_JSONParseError':
    case 'AI_TypeValidationError':
    case 'AI_EmptyResponseBodyError':
      return badResponse(address);
    case 'AI_LoadAPIKeyError':
      return { kind: 'unauthorized', message: missingKeyMessage(settings) };
  }

  // Error stream parts often carry the server's own error object: {message, type, code, statusCode?}.
  if (isServerErrorObject(error)) {
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : undefined;
    const text = [error.message, error.type, error.code]
      .filter((part) => typeof part === 'string')
      .join(' ');
    return describeServerFailure({
      statusCode,
      text,
      serverMessage: error.message,
      settings,
      address,
    });
  }

  const detail = error instanceof Error ? error.message : String(error);
  return {
    kind: 'unknown',
    message: `Something went wrong talking to ${address.name}: ${shorten(detail)}`,
  };
}

function describeApiCallError(
  error: APICallError,
  settings: ProviderSettings | undefined,
  address: ProviderAddress,
  context: ProviderErrorContext,
): ProviderErrorDescription {
  if (error.statusCode === undefined) {
    // The SDK wraps Node-style network failures ("fetch failed" with a cause) this way.
    // Those come with a reason, so a CORS block (browser-only, no reason given) is ruled out.
    const code = networkCode(error);
    if (nameOf(error.cause) === 'TimeoutError' || (code !== undefined && TIMEOUT_CODES.has(code))) {
      return timeout(address);
    }
    if (context.whileStreaming) return streamCut(address);
    return {
      kind: 'unreachable',
      message: `Could not connect to ${address.name}. Check that it is running and that the address is right.${startServerHint(address)}`,
    };
  }
  if (error.statusCode < 400) {
    // The answer started and then failed to arrive or to parse. The SDK reports a body
    // that stopped mid-read this way too, with the network error as the cause.
    return context.whileStreaming || isNetworkFailure(error.cause)
      ? streamCut(address)
      : badResponse(address);
  }

  return describeServerFailure({
    statusCode: error.statusCode,
    text: `${error.message} ${error.responseBody ?? ''}`,
    serverMessage: error.message,
    responseHeaders: error.responseHeaders,
    settings,
    address,
  });
}

/** A server may echo the key back (in an error body, a URL); it must never reach the screen. */
function withoutSecret(message: string, apiKey: string | undefined): string {
  const key = apiKey?.trim();
  if (!key || key.length < 4) return message;
  return message.split(key).join('[API key]');
}

/** A fetch that failed, or a response body that stopped arriving, as runtimes word it. */
function isNetworkFailure(error: unknown): error is Error {
  return (
    error instanceof Error &&
    (REQUEST_FAILED.test(error.message) ||
      BODY_CUT.test(error.message) ||
      SOCKET_DROPPED_CODES.has(networkCode(error) ?? ''))
  );
}

/** `{message, type?, code?, statusCode?}` as servers and providers put in error stream parts. */
function isServerErrorObject(
  error: unknown,
): error is Record<string, unknown> & { message: string } {
  return (
    isRecord(error) &&
    typeof error.message === 'string' &&
    (!(error instanceof Error) || typeof error.statusCode === 'number')
  );
}

function nameOf(error: unknown): string | undefined {
  return isRecord(error) && typeof error.name === 'string' ? error.name : undefined;
}

/** The error or the first of its causes with this name. */
function causeNamed(error: unknown, name: string): Record<string, unknown> | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (isRecord(current) && !seen.has(current)) {
    if (current.name === name) return current;
    seen.add(current);
    current = current.cause;
  }
  return undefined;
}

/** The first `code` in the cause chain (Node puts ECONNREFUSED and friends there). */
function networkCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (isRecord(current) && !seen.has(current)) {
    seen.add(current);
    if (typeof current.code === 'string') return current.code;
    current = current.cause;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
