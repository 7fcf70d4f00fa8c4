/**
 * "Test connection" in Settings: one real, small request with one trivial tool, through
 * the same model object and streaming path a wake uses, so a pass means the agent can
 * reach the model and a failure says what to fix.
 */
import type { LanguageModelV4, LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { createLanguageModel } from './create-language-model';
import { CrossOriginBlockedError } from './cross-origin-blocked-error';
import { capitalize, describeProviderAddress } from './describe-provider-address';
import { describeProviderError, type ProviderErrorKind } from './describe-provider-error';
import type { ProviderSettings } from '../../domain/provider-settings';

export type TestConnectionResult =
  | {
      ok: true;
      message: string;
      latencyMs: number;
      /** False when the model answered with text instead of calling the test tool. */
      calledTool: boolean;
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
  let streamStarted = false;
  try {
    const { stream } = await model.doStream({
      prompt: [
        {
          role: 'system',
          content: 'This is a connection test. Call the ping tool once, with no arguments.',
        },
        { role: 'user', content: [{ type: 'text', text: 'Call the ping tool now.' }] },
      ],
      tools: [PING_TOOL],
      toolChoice: { type: 'required' },
      maxOutputTokens: 64,
      abortSignal: controller.signal,
    });
    streamStarted = true;

    let calledTool = false;
    // A reader rather than `for await`: Safari's streams are not async-iterable.
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (read.value.type === 'error') {
        await reader.cancel().catch(() => undefined);
        throw new StreamErrorPart(read.value.error);
      }
      if (read.value.type === 'tool-call') calledTool = true;
    }
    const latencyMs = Math.round(performance.now() - started);
    return {
      ok: true,
      latencyMs,
      calledTool,
      message: successMessage(settings, latencyMs, calledTool),
    };
  } catch (error) {
    // Our timer and the caller's signal both surface as some abort error; say which it was.
    if (timedOut) return failure(new DOMException('Timed out.', 'TimeoutError'), settings);
    if (controller.signal.aborted)
      return failure(new DOMException('Cancelled.', 'AbortError'), settings);

    const cause = error instanceof StreamErrorPart ? error.part : error;
    const description = describeProviderError(cause, settings, { whileStreaming: streamStarted });
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

/** Carries an `error` stream part out of the read loop without losing what it was. */
class StreamErrorPart extends Error {
  override readonly name = 'StreamErrorPart';
  constructor(readonly part: unknown) {
    super('The model stream reported an error.');
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
): string {
  const providerName = capitalize(describeProviderAddress(settings).name);
  const model = settings.model.trim();
  if (calledTool) {
    return `${providerName} answered in ${latencyMs} ms, and the model "${model}" called the test tool. The agent can use it.`;
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
