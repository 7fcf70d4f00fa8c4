/**
 * For tests: a `fetch` that answers each request with the next scripted response, as a
 * real server's bytes would arrive, so the AI SDK's real providers parse them. It keeps
 * every request body, for assertions on what the next request carried.
 */

export interface ScriptedResponse {
  status?: number;
  contentType?: string;
  /** Whole body, or a stream (for answers that never end). */
  body: string | (() => ReadableStream<Uint8Array>);
}

export interface ScriptedFetch {
  fetch: typeof fetch;
  /** The JSON bodies of the requests made so far, in order. */
  requests: Record<string, unknown>[];
}

export function scriptedFetch(responses: readonly ScriptedResponse[]): ScriptedFetch {
  const requests: Record<string, unknown>[] = [];
  const fetchImpl = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : '{}';
    requests.push(JSON.parse(body) as Record<string, unknown>);
    const response = responses[requests.length - 1];
    if (!response) throw new Error(`No scripted response for request ${requests.length}.`);
    const contentType =
      response.contentType ??
      (typeof response.body === 'string' && response.body.startsWith('{')
        ? 'application/json'
        : 'text/event-stream');
    const payload = typeof response.body === 'string' ? response.body : response.body();
    return new Response(payload, {
      status: response.status ?? 200,
      headers: { 'content-type': contentType },
    });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** Server-sent events, one `data:` line per event, ended as chat completions end. */
export function chatStream(chunks: readonly unknown[]): string {
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}

/** One chat-completions chunk with this delta (and finish reason, for the last). */
export function chatChunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_764_000_000,
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** A whole chat-completions answer (not streamed) with these tool calls, or words. */
export function chatCompletion(calls: readonly { name: string; args: unknown }[], text?: string) {
  return JSON.stringify({
    id: 'chatcmpl-whole',
    object: 'chat.completion',
    created: 1_764_000_000,
    model: 'scripted',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text ?? null,
          tool_calls:
            calls.length === 0
              ? undefined
              : calls.map((call, index) => ({
                  id: `call_${index}`,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.args) },
                })),
        },
        finish_reason: calls.length === 0 ? 'stop' : 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940 },
  });
}
