/**
 * "Test connection" in Settings: a real, small exchange of two turns with one trivial
 * tool (a call, then its result sent back and answered), through the same model object,
 * reading and messages a wake uses. Reasoning models and some servers break only at the
 * second turn, so a pass means a wake can get past its first; a failure says what to fix,
 * in the words a wake would say.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
} from '@ai-sdk/provider';
import { describeTurnError } from '../describe-turn-error';
import { readModelTurn, readWholeTurn, StreamReadError, type ModelTurn } from '../read-model-turn';
import { turnMessages } from '../turn-messages';
import { createLanguageModel } from './create-language-model';
import { CrossOriginBlockedError } from './cross-origin-blocked-error';
import { capitalize, describeProviderAddress, providerLabel } from './describe-provider-address';
import { describeProviderError } from './describe-provider-error';
import type { ProviderErrorKind } from './provider-error-description';
import type { ProviderSettings } from '../../domain/provider-settings';

export type TestConnectionResult =
  | {
      ok: true;
      message: string;
      latencyMs: number;
      /** False when the model answered with text instead of calling the test tool. */
      calledTool: boolean;
      /** The server cannot stream tool calls, so it was asked for whole answers. */
      wholeAnswers?: boolean;
    }
  | { ok: false; kind: ProviderErrorKind; message: string };

export interface TestConnectionOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** How long to wait for the whole answer. */
  timeoutMs?: number;
}

const TEST_CONNECTION_TIMEOUT_MS = 20_000;

const PING_TOOL: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'ping',
  description: 'Answers a connection test. Call it with no arguments.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
};

export async function testConnection(
  settings: ProviderSettings,
  options: TestConnectionOptions = {},
): Promise<TestConnectionResult> {
  if (settings.kind === 'demo') {
    return {
      ok: true,
      message: 'The demo agent runs inside this app and needs no connection.',
      latencyMs: 0,
      calledTool: true,
    };
  }

  let model: LanguageModelV4;
  try {
    model = createLanguageModel(settings, { fetch: options.fetch });
  } catch (error) {
    return failure(error, settings);
  }

  const timeoutMs = options.timeoutMs ?? TEST_CONNECTION_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The connection test timed out.', 'TimeoutError'));
  }, timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  if (options.signal?.aborted) forwardAbort();

  const started = performance.now();
  const exchange = new PingExchange(model, controller.signal);
  try {
    const first = await exchange.ask({ type: 'required' });
    const calledTool = first.toolCalls.length > 0;
    if (calledTool) await exchange.ask({ type: 'auto' }, first);
    const latencyMs = Math.round(performance.now() - started);
    return {
      ok: true,
      latencyMs,
      calledTool,
      ...(exchange.streaming ? {} : { wholeAnswers: true }),
      message: successMessage(settings, latencyMs, calledTool, exchange.streaming),
    };
  } catch (error) {
    // Our timer and the caller's signal both surface as some abort error; say which it was.
    if (timedOut) return failure(new DOMException('Timed out.', 'TimeoutError'), settings);
    if (controller.signal.aborted)
      return failure(new DOMException('Cancelled.', 'AbortError'), settings);

    const description = describeTurnError(error, providerLabel(settings), (cause, context) =>
      describeProviderError(cause, settings, context),
    );
    const cause = error instanceof StreamReadError ? error.original : error;
    if (description.kind === 'unreachable' && isBareBrowserFailure(cause) && settings.baseURL) {
      const baseURL = settings.baseURL.trim();
      if (await answersOpaqueRequest(baseURL, controller.signal, options.fetch)) {
        return failure(new CrossOriginBlockedError(baseURL, { cause }), settings);
      }
    }
    return { ok: false, kind: description.kind, message: description.message };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Kinds of failure that say the server answers, but not as a stream with tools. */
const CANNOT_STREAM = new Set<string>(['no-tool-streaming', 'not-a-stream']);

/** The test's conversation: asked as a wake asks, whole when the server cannot stream. */
class PingExchange {
  streaming = true;
  private readonly messages: LanguageModelV4Message[] = [
    {
      role: 'system',
      content:
        'This is a connection test. Call the ping tool once, with no arguments; when it has answered, say "pong" in one word.',
    },
    { role: 'user', content: [{ type: 'text', text: 'Call the ping tool now.' }] },
  ];

  constructor(
    private readonly model: LanguageModelV4,
    private readonly abortSignal: AbortSignal,
  ) {}

  /** One turn; after `previous`, its call's result is sent back first. */
  async ask(
    toolChoice: LanguageModelV4CallOptions['toolChoice'],
    previous?: ModelTurn,
  ): Promise<ModelTurn> {
    if (previous) {
      const results = previous.toolCalls.map(() => ({
        toolName: 'ping',
        outcome: 'noted' as const,
        output: 'pong',
      }));
      this.messages.push(...turnMessages(previous.parts, previous.toolCalls, results));
    }
    const options: LanguageModelV4CallOptions = {
      prompt: this.messages,
      tools: [PING_TOOL],
      toolChoice,
      // Room for a reasoning model to think before it calls the tool.
      maxOutputTokens: 1_024,
      abortSignal: this.abortSignal,
    };
    if (!this.streaming) return readWholeTurn(this.model, options);
    try {
      return await readModelTurn(this.model, options);
    } catch (error) {
      if (this.abortSignal.aborted || !CANNOT_STREAM.has(describeProviderError(error).kind))
        throw error;
      this.streaming = false;
      return readWholeTurn(this.model, options);
    }
  }
}

function failure(error: unknown, settings: ProviderSettings): TestConnectionResult {
  const { kind, message } = describeProviderError(error, settings);
  return { ok: false, kind, message };
}

function successMessage(
  settings: ProviderSettings,
  latencyMs: number,
  calledTool: boolean,
  streaming: boolean,
): string {
  const providerName = capitalize(describeProviderAddress(settings).name);
  const model = settings.model.trim();
  const whole = streaming
    ? ''
    : ' It cannot stream tool calls, so the agent asks it for whole answers; update the server to see the agent work as it goes.';
  if (calledTool) {
    return `${providerName} answered in ${latencyMs} ms, and the model "${model}" called the test tool and answered its result. The agent can use it.${whole}`;
  }
  return `${providerName} answered in ${latencyMs} ms, but the model "${model}" did not call the test tool. It may not support tool calling, which the agent needs to propose changes; if wakes propose nothing, choose a model that supports tools.`;
}

/**
 * A browser's "Failed to fetch" carries no reason (the SDK passes it through unwrapped;
 * Node's failures come wrapped in an APICallError with the socket error as cause).
 */
function isBareBrowserFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * A browser hides why a request failed: a server that is down and one that refuses this
 * origin (CORS) look the same. An opaque `no-cors` request still succeeds when the server
 * is up, which tells the two apart.
 */
async function answersOpaqueRequest(
  baseURL: string,
  signal: AbortSignal,
  fetchFunction: typeof fetch = globalThis.fetch,
): Promise<boolean> {
  try {
    await fetchFunction(baseURL, { mode: 'no-cors', signal });
    return true;
  } catch {
    return false;
  }
}
