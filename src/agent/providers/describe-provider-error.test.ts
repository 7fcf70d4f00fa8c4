import {
  APICallError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
} from '@ai-sdk/provider';
import { RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { CrossOriginBlockedError } from './cross-origin-blocked-error';
import { describeProviderError } from './describe-provider-error';
import { ProviderConfigError } from './provider-config-error';
import type { ProviderSettings } from '../../domain/provider-settings';

const ollama: ProviderSettings = {
  kind: 'openai-compatible',
  baseURL: 'http://localhost:11434/v1',
  model: 'llama3.1',
};
const openai: ProviderSettings = {
  kind: 'openai',
  model: 'gpt-4.1-mini',
  apiKey: 'sk-secret-1234',
};
const anthropic: ProviderSettings = {
  kind: 'anthropic',
  model: 'claude-sonnet-4-5',
  apiKey: 'sk-ant-secret',
};

function httpError(
  statusCode: number,
  message: string,
  options: { responseBody?: string; responseHeaders?: Record<string, string> } = {},
): APICallError {
  return new APICallError({
    message,
    url: 'http://localhost:11434/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody: options.responseBody ?? JSON.stringify({ error: { message } }),
    responseHeaders: options.responseHeaders,
    isRetryable: statusCode === 429 || statusCode >= 500,
  });
}

/** What the SDK throws in Node when nothing listens on the port. */
function connectionRefused(): APICallError {
  const socketError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), {
    code: 'ECONNREFUSED',
  });
  return new APICallError({
    message: 'Cannot connect to API: connect ECONNREFUSED 127.0.0.1:11434',
    url: 'http://localhost:11434/v1/chat/completions',
    requestBodyValues: {},
    cause: socketError,
    isRetryable: true,
  });
}

describe('describeProviderError', () => {
  describe('unreachable', () => {
    it('says the server is not running when the connection is refused', () => {
      const description = describeProviderError(connectionRefused(), ollama);
      expect(description.kind).toBe('unreachable');
      expect(description.message).toContain(
        'Could not connect to the server at http://localhost:11434/v1',
      );
      expect(description.message).toContain('ollama serve');
    });

    it('names both causes of a browser "Failed to fetch", with the Ollama fix for this origin', () => {
      const description = describeProviderError(new TypeError('Failed to fetch'), ollama);
      expect(description.kind).toBe('unreachable');
      expect(description.message).toContain('not running');
      expect(description.message).toContain('CORS');
      expect(description.message).toContain(
        `OLLAMA_ORIGINS=${globalThis.location.origin} ollama serve`,
      );
    });

    it('asks for the internet connection when a hosted API cannot be reached', () => {
      const description = describeProviderError(new TypeError('Failed to fetch'), openai);
      expect(description).toEqual({
        kind: 'unreachable',
        message: 'Could not reach OpenAI. Check the internet connection and try again.',
      });
    });

    it('says the base URL is probably wrong when the server answers 404 without naming a model', () => {
      const description = describeProviderError(httpError(404, 'Not Found'), ollama);
      expect(description.kind).toBe('unreachable');
      expect(description.message).toContain('base URL is probably wrong');
      expect(description.message).toContain('http://localhost:11434/v1');
    });

    it('points at the base URL field for a missing base URL', () => {
      const error = new ProviderConfigError('baseURL', "Enter the server's base URL.");
      expect(describeProviderError(error)).toEqual({
        kind: 'unreachable',
        message: "Enter the server's base URL.",
      });
    });
  });

  it('cors: says the server runs but refuses this origin', () => {
    const error = new CrossOriginBlockedError('http://localhost:11434/v1');
    const description = describeProviderError(error, ollama);
    expect(description.kind).toBe('cors');
    expect(description.message).toContain('is running but does not let this app read its answers');
    expect(description.message).toContain('OLLAMA_ORIGINS=');
  });

  describe('unauthorized', () => {
    it('says the key was not accepted', () => {
      const description = describeProviderError(
        httpError(401, 'Incorrect API key provided.'),
        openai,
      );
      expect(description).toEqual({
        kind: 'unauthorized',
        message: 'OpenAI did not accept the API key (HTTP 401). Check the key in Settings.',
      });
    });

    it('asks for a key when none was given', () => {
      const description = describeProviderError(httpError(401, 'Unauthorized'), ollama);
      expect(description.message).toContain('asks for an API key');
    });

    it('treats a key the SDK could not find as unauthorized', () => {
      const error = new LoadAPIKeyError({ message: 'Anthropic API key is missing.' });
      expect(describeProviderError(error, anthropic)).toEqual({
        kind: 'unauthorized',
        message: 'Enter your Anthropic API key in Settings. It stays on this device.',
      });
    });
  });

  it('forbidden: quotes what the server said', () => {
    const description = describeProviderError(
      httpError(403, 'Project does not have access to model gpt-4.1-mini'),
      openai,
    );
    expect(description.kind).toBe('forbidden');
    expect(description.message).toContain('OpenAI refused access (HTTP 403)');
    expect(description.message).toContain('"Project does not have access to model gpt-4.1-mini"');
  });

  describe('unknown-model', () => {
    it('recognises Ollama, and suggests pulling the model', () => {
      const error = httpError(404, 'model "llama3.1" not found, try pulling it first');
      const description = describeProviderError(error, ollama);
      expect(description.kind).toBe('unknown-model');
      expect(description.message).toContain('ollama pull llama3.1');
    });

    it('recognises OpenAI', () => {
      const error = httpError(
        404,
        'The model `gpt-9` does not exist or you do not have access to it.',
      );
      expect(describeProviderError(error, { ...openai, model: 'gpt-9' })).toEqual({
        kind: 'unknown-model',
        message: 'OpenAI does not know the "gpt-9" model. Check the model name.',
      });
    });

    it('recognises Anthropic', () => {
      const error = httpError(404, 'model: claude-9', {
        responseBody: JSON.stringify({
          type: 'error',
          error: { type: 'not_found_error', message: 'model: claude-9' },
        }),
      });
      expect(describeProviderError(error, anthropic).kind).toBe('unknown-model');
    });
  });

  describe('rate-limited', () => {
    it('reads Retry-After in seconds', () => {
      const error = httpError(429, 'Rate limit reached.', {
        responseHeaders: { 'retry-after': '7' },
      });
      const description = describeProviderError(error, openai);
      expect(description.kind).toBe('rate-limited');
      expect(description.retryAfterSeconds).toBe(7);
      expect(description.message).toBe(
        'OpenAI is rate-limiting requests (HTTP 429) and asks to wait 7 seconds.',
      );
    });

    it('reads Retry-After as an HTTP date', () => {
      const inThirtySeconds = new Date(Date.now() + 30_000).toUTCString();
      const error = httpError(429, 'Slow down', {
        responseHeaders: { 'Retry-After': inThirtySeconds },
      });
      const seconds = describeProviderError(error, openai).retryAfterSeconds;
      expect(seconds).toBeGreaterThanOrEqual(28);
      expect(seconds).toBeLessThanOrEqual(30);
    });

    it('prefers retry-after-ms', () => {
      const error = httpError(429, 'Slow down', {
        responseHeaders: { 'retry-after-ms': '1500', 'retry-after': '9' },
      });
      expect(describeProviderError(error, openai).retryAfterSeconds).toBe(2);
    });

    it('says when the account is out of quota rather than busy', () => {
      const error = httpError(429, 'You exceeded your current quota, please check your plan.');
      const description = describeProviderError(error, openai);
      expect(description.kind).toBe('rate-limited');
      expect(description.retryAfterSeconds).toBeUndefined();
      expect(description.message).toContain('out of quota or credit');
    });
  });

  describe('server-error', () => {
    it('reports an internal error', () => {
      const description = describeProviderError(httpError(500, 'Internal Server Error'), ollama);
      expect(description).toEqual({
        kind: 'server-error',
        message:
          'The server at http://localhost:11434/v1 had an internal error (HTTP 500). Try again in a moment.',
      });
    });

    it('reports an overloaded server', () => {
      expect(describeProviderError(httpError(529, 'Overloaded'), anthropic).message).toBe(
        'Anthropic is overloaded or unavailable (HTTP 529). Try again in a moment.',
      );
    });

    it('reads an error stream part that carries the server error object', () => {
      const part = { message: 'Overloaded', type: 'overloaded_error' };
      expect(describeProviderError(part, anthropic).kind).toBe('server-error');
    });
  });

  describe('timeout', () => {
    it('recognises an abort by timeout', () => {
      const error = new DOMException('The operation timed out.', 'TimeoutError');
      const description = describeProviderError(error, ollama);
      expect(description.kind).toBe('timeout');
      expect(description.message).toContain('did not answer in time');
    });

    it('recognises a 408', () => {
      expect(describeProviderError(httpError(408, 'Request Timeout'), ollama).kind).toBe('timeout');
    });
  });

  describe('no-tool-support', () => {
    it("recognises Ollama's wording", () => {
      const error = httpError(400, 'registry.ollama.ai/library/gemma:2b does not support tools');
      const description = describeProviderError(error, { ...ollama, model: 'gemma:2b' });
      expect(description.kind).toBe('no-tool-support');
      expect(description.message).toBe(
        'The server at http://localhost:11434/v1 says the "gemma:2b" model cannot call tools, which the agent needs to propose changes. Choose a model that supports tool calling, for example llama3.1, qwen2.5 or mistral-nemo (ollama.com/search?c=tools lists them).',
      );
    });

    it('does not blame the model for a 400 that mentions tools but not the model', () => {
      const description = describeProviderError(
        httpError(400, 'This endpoint rejects the tools field'),
        ollama,
      );
      expect(description.kind).toBe('unknown');
      expect(description.message).toContain('It said: "This endpoint rejects the tools field"');
    });

    it("names llama.cpp's --jinja as the server's setting, not the model's", () => {
      const error = httpError(500, 'tools param requires --jinja flag');
      expect(describeProviderError(error, ollama).kind).toBe('server-setup');
    });

    it('does not blame the model for a malformed tool conversation', () => {
      const error = httpError(
        400,
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      );
      expect(describeProviderError(error, openai).kind).toBe('unknown');
    });
  });

  describe('stream-cut', () => {
    it('recognises a response body that stopped arriving (as the SDK wraps it)', () => {
      const error = new APICallError({
        message: 'Failed to process successful response',
        url: 'http://localhost:11434/v1/chat/completions',
        requestBodyValues: {},
        statusCode: 200,
        cause: new TypeError('network error'),
      });
      const description = describeProviderError(error, ollama);
      expect(description.kind).toBe('stream-cut');
      expect(description.message).toBe(
        'The connection to the server at http://localhost:11434/v1 dropped in the middle of an answer. Try again.',
      );
    });

    it('treats a network failure while streaming as a cut, not as an unreachable server', () => {
      const error = new TypeError('Failed to fetch');
      expect(describeProviderError(error, ollama, { whileStreaming: true }).kind).toBe(
        'stream-cut',
      );
    });

    it('says a stream that ended without a finish reason ended so, not that it dropped', () => {
      const error = new InvalidResponseDataError({
        data: undefined,
        message: 'Response stream ended without a finish reason.',
      });
      const description = describeProviderError(error, ollama, { whileStreaming: true });
      expect(description.kind).toBe('stream-cut');
      expect(description.message).toBe(
        'The server at http://localhost:11434/v1 ended its answer without saying it was complete (no finish reason), so nothing from that answer was kept. Try again; if it keeps happening, something between here and the model may be cutting answers short, or the server does not follow the OpenAI streaming format.',
      );
    });
  });

  it('cancelled: an abort by the person', () => {
    const error = new DOMException('The operation was aborted.', 'AbortError');
    expect(describeProviderError(error, openai)).toEqual({
      kind: 'cancelled',
      message: 'The request to OpenAI was cancelled.',
    });
  });

  describe('bad-response', () => {
    it('recognises an answer that is not JSON', () => {
      const error = new JSONParseError({
        text: '<html>',
        cause: new SyntaxError('Unexpected token'),
      });
      const description = describeProviderError(error, ollama);
      expect(description.kind).toBe('bad-response');
      expect(description.message).toContain('base URL points at the API');
    });

    it('recognises a successful status whose body could not be processed', () => {
      const error = new APICallError({
        message: 'Failed to process successful response',
        url: 'http://localhost:8080/chat/completions',
        requestBodyValues: {},
        statusCode: 200,
        cause: new JSONParseError({ text: '<html>', cause: new SyntaxError('Unexpected token') }),
      });
      expect(describeProviderError(error, ollama).kind).toBe('bad-response');
    });
  });

  describe('unknown', () => {
    it('quotes a request the server rejected for another reason', () => {
      const error = httpError(400, "Invalid value for 'temperature': must be at most 2.");
      expect(describeProviderError(error, openai)).toEqual({
        kind: 'unknown',
        message: `OpenAI rejected the request (HTTP 400). It said: "Invalid value for 'temperature': must be at most 2."`,
      });
    });

    it('describes anything else without throwing', () => {
      expect(describeProviderError(new Error('Something odd'))).toEqual({
        kind: 'unknown',
        message: 'Something went wrong talking to the AI provider: Something odd',
      });
      expect(describeProviderError(undefined).kind).toBe('unknown');
    });
  });

  it('describes the last attempt of a retried call', () => {
    const error = new RetryError({
      message: 'Failed after 3 attempts.',
      reason: 'maxRetriesExceeded',
      errors: [httpError(500, 'boom'), httpError(429, 'Slow down')],
    });
    expect(describeProviderError(error, openai).kind).toBe('rate-limited');
  });

  it('never shows the API key, even when the server echoes it', () => {
    const echoed = httpError(403, 'Key sk-secret-1234 is not allowed to use this model');
    expect(describeProviderError(echoed, openai).message).not.toContain('sk-secret-1234');
    expect(describeProviderError(echoed, openai).message).toContain('[API key]');
    const odd = new Error('bad header value sk-secret-1234');
    expect(describeProviderError(odd, openai).message).not.toContain('sk-secret-1234');
  });
});
