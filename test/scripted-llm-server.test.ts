// @vitest-environment node
// The e2e model server, driven the way the app drives a provider: through the AI SDK's
// OpenAI-compatible model, with real HTTP and real SSE.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startScriptedLlmServer,
  type ScriptedLlmServer,
} from '../e2e/support/scripted-llm-server.mjs';
import { createLanguageModel } from '../src/agent/providers/create-language-model';
import { describeProviderError } from '../src/agent/providers/describe-provider-error';

let server: ScriptedLlmServer;

beforeAll(async () => {
  server = await startScriptedLlmServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
});

const TITLE_TOOL = {
  type: 'function' as const,
  name: 'set_task_title',
  description: 'Propose a new title.',
  inputSchema: { type: 'object' as const, properties: { title: { type: 'string' as const } } },
};

/** The fields of an OpenAI chat.completion.chunk these tests read. */
interface CompletionChunk {
  object: string;
  choices: Array<{
    delta?: {
      tool_calls?: Array<{
        index: number;
        id?: string;
        function?: { name?: string; arguments?: string };
      }>;
    };
    finish_reason: string | null;
  }>;
  usage?: { total_tokens: number };
}

const firstPrompt: LanguageModelV4Prompt = [
  { role: 'system', content: 'You are the task agent.' },
  { role: 'user', content: [{ type: 'text', text: 'Task: milk' }] },
];

function modelFor(modelId: string, apiKey?: string) {
  return createLanguageModel({
    kind: 'openai-compatible',
    baseURL: `${server.url}/v1`,
    model: modelId,
    apiKey,
  });
}

async function streamParts(modelId: string, prompt: LanguageModelV4Prompt = firstPrompt) {
  const { stream } = await modelFor(modelId).doStream({
    prompt,
    tools: [TITLE_TOOL],
    toolChoice: { type: 'auto' },
    maxOutputTokens: 256,
  });
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    parts.push(read.value);
  }
  return parts;
}

describe('scripted LLM server', () => {
  it('streams a scripted tool call that the SDK reassembles from several chunks', async () => {
    server.setScript('script-happy', [
      {
        text: 'Let me tidy this.',
        toolCalls: [{ name: 'set_task_title', arguments: { title: 'Buy oat milk' } }],
      },
    ]);
    const parts = await streamParts('script-happy');

    const deltas = parts.filter((part) => part.type === 'tool-input-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(parts).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        toolCallId: 'call_0_0',
        toolName: 'set_task_title',
        input: JSON.stringify({ title: 'Buy oat milk' }),
      }),
    );
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');
    expect(text).toBe('Let me tidy this.');
    const finish = parts.find((part) => part.type === 'finish');
    expect(finish).toMatchObject({ finishReason: { unified: 'tool-calls', raw: 'tool_calls' } });
    expect(finish?.type === 'finish' && finish.usage.inputTokens.total).toBeGreaterThan(0);
  });

  it('sends malformed arguments exactly as scripted, so the agent can be tested against them', async () => {
    server.setScript('script-malformed', [
      { toolCalls: [{ name: 'set_task_title', arguments: '{"title": "Buy' }] },
    ]);
    const parts = await streamParts('script-malformed');
    expect(parts).toContainEqual(
      expect.objectContaining({ type: 'tool-call', input: '{"title": "Buy' }),
    );
  });

  it('answers the turn given by the number of assistant messages in the request', async () => {
    server.setScript('script-two-turns', [
      { toolCalls: [{ name: 'set_task_title', arguments: { title: 'Buy milk' } }] },
      { text: 'Done.' },
    ]);
    const secondPrompt: LanguageModelV4Prompt = [
      ...firstPrompt,
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_0_0',
            toolName: 'set_task_title',
            input: { title: 'Buy milk' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_0_0',
            toolName: 'set_task_title',
            output: { type: 'text', value: 'Proposal queued for user review.' },
          },
        ],
      },
    ];

    const second = await streamParts('script-two-turns', secondPrompt);
    expect(second.some((part) => part.type === 'tool-call')).toBe(false);
    expect(second).toContainEqual(expect.objectContaining({ type: 'text-delta', delta: 'Done.' }));
    expect(second.find((part) => part.type === 'finish')).toMatchObject({
      finishReason: { unified: 'stop' },
    });

    // The same first turn again: a retried conversation replays the same way.
    const first = await streamParts('script-two-turns');
    expect(first.some((part) => part.type === 'tool-call')).toBe(true);

    const requests = server.requests('script-two-turns');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
  });

  it('answers without streaming too', async () => {
    server.setScript('script-json', [
      { toolCalls: [{ name: 'set_task_title', arguments: { title: 'Buy milk' } }] },
    ]);
    const result = await modelFor('script-json').doGenerate({
      prompt: firstPrompt,
      tools: [TITLE_TOOL],
      toolChoice: { type: 'auto' },
    });
    expect(result.content).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        toolName: 'set_task_title',
        input: '{"title":"Buy milk"}',
      }),
    );
    expect(result.finishReason.unified).toBe('tool-calls');
  });

  it('cuts a stream mid-answer: reading the stream fails, and it reads as a stream cut', async () => {
    server.setScript('script-cut', [
      {
        toolCalls: [{ name: 'set_task_title', arguments: { title: 'Buy milk' } }],
        cutAfterChunks: 3,
      },
    ]);
    const error = await streamParts('script-cut').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeDefined();
    expect(describeProviderError(error, undefined, { whileStreaming: true }).kind).toBe(
      'stream-cut',
    );
    // Even without the hint: the SDK reports the cut body with the network error as cause.
    expect(describeProviderError(error).kind).toBe('stream-cut');
  });

  it('fails with the scripted status, headers and body', async () => {
    server.setScript('script-429', [{ status: 429, headers: { 'retry-after': '5' } }]);
    const error = await streamParts('script-429').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(describeProviderError(error)).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 5,
    });
  });

  it('serves a failure a given number of times, then the turn it stands in for', async () => {
    server.setScript('script-flaky', [
      {
        status: 503,
        times: 1,
        then: { toolCalls: [{ name: 'set_task_title', arguments: { title: 'Buy milk' } }] },
      },
    ]);
    await expect(streamParts('script-flaky')).rejects.toMatchObject({ statusCode: 503 });
    const parts = await streamParts('script-flaky');
    expect(parts.some((part) => part.type === 'tool-call')).toBe(true);
  });

  it('refuses tools the way Ollama does for a model without tool support', async () => {
    server.setScript('script-no-tools', [{ noTools: true }]);
    const error = await streamParts('script-no-tools').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      statusCode: 400,
      message: 'registry.ollama.ai/library/gemma:2b does not support tools',
    });
    expect(describeProviderError(error).kind).toBe('no-tool-support');
  });

  it('answers 401 to the key "bad-key" and 404 to a model without a script', async () => {
    server.setScript('script-auth', [{ text: 'hi' }]);
    const unauthorized = await modelFor('script-auth', 'bad-key')
      .doGenerate({ prompt: firstPrompt })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(unauthorized).toMatchObject({ statusCode: 401 });

    const unknown = await modelFor('script-nobody-wrote')
      .doGenerate({ prompt: firstPrompt })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(describeProviderError(unknown).kind).toBe('unknown-model');
  });

  it('says plainly when a conversation runs past the end of its script', async () => {
    server.setScript('script-short', []);
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'script-short', messages: [] }),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('has 0 turn(s) and this request is turn 0');
  });

  it('writes OpenAI chat.completion.chunk SSE: name and id first, arguments after, then [DONE]', async () => {
    server.setScript('script-raw', [
      { toolCalls: [{ name: 'set_task_title', arguments: { title: 'Buy milk' } }] },
    ]);
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'script-raw',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter((event) => event.startsWith('data: '))
      .map((event) => event.slice('data: '.length));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event) as CompletionChunk);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);

    const toolDeltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta?.tool_calls ?? []);
    expect(toolDeltas[0]).toEqual({
      index: 0,
      id: 'call_0_0',
      type: 'function',
      function: { name: 'set_task_title', arguments: '' },
    });
    const argumentPieces = toolDeltas.slice(1).map((delta) => delta.function?.arguments);
    expect(argumentPieces.length).toBeGreaterThan(1);
    expect(argumentPieces.join('')).toBe('{"title":"Buy milk"}');

    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { total_tokens: expect.any(Number) },
    });
  });

  it('answers CORS preflight and sets CORS headers on every response', async () => {
    const preflight = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type',
    );
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const models = await fetch(`${server.url}/v1/models`, {
      headers: { origin: 'http://127.0.0.1:4173' },
    });
    expect(models.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(models.headers.get('access-control-expose-headers')).toContain('retry-after');
    const list = (await models.json()) as { object: string; data: Array<{ id: string }> };
    expect(list.object).toBe('list');
    expect(list.data.map((model) => model.id)).toContain('script-happy');
  });

  it('takes a script and reports received requests over HTTP', async () => {
    const scripted = await fetch(`${server.url}/__script/${encodeURIComponent('script-http:1b')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ text: 'From HTTP.' }]),
    });
    expect(scripted.status).toBe(200);

    const parts = await streamParts('script-http:1b');
    expect(parts).toContainEqual(expect.objectContaining({ type: 'text-delta', delta: 'HTTP.' }));

    const received = await fetch(
      `${server.url}/__requests/${encodeURIComponent('script-http:1b')}`,
    );
    const bodies = (await received.json()) as Array<{ model: string; tools: unknown[] }>;
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ model: 'script-http:1b', stream: true });
    expect(bodies[0]?.tools).toHaveLength(1);
  });

  it('runs as a command that keeps serving', async () => {
    const child = spawn(process.execPath, ['e2e/support/scripted-llm-server.mjs', '--port', '0'], {
      cwd: new URL('..', import.meta.url),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [firstOutput] = (await once(child.stdout, 'data')) as [Buffer];
      const url = /listening on (\S+)/.exec(firstOutput.toString())?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${url}/v1/models`);
      expect(health.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
