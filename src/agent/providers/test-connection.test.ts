// @vitest-environment node
// Node's own fetch and AbortSignal: the scripted server is a real HTTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startScriptedLlmServer,
  type ScriptedLlmServer,
} from '../../../e2e/support/scripted-llm-server.mjs';
import type { ProviderSettings } from '../../domain/provider-settings';
import { testConnection } from './test-connection';

let server: ScriptedLlmServer;
let settings: (model: string) => ProviderSettings;

beforeAll(async () => {
  server = await startScriptedLlmServer({ port: 0 });
  settings = (model) => ({ kind: 'openai-compatible', baseURL: `${server.url}/v1`, model });
});

afterAll(async () => {
  await server.close();
});

describe('testConnection', () => {
  it('passes when the model answers with a tool call, and measures the round trip', async () => {
    server.setScript('connection-happy', [
      { toolCalls: [{ name: 'ping', arguments: {} }] },
      { text: 'pong' },
    ]);
    const result = await testConnection(settings('connection-happy'));
    expect(result).toMatchObject({ ok: true, calledTool: true });
    if (!result.ok) return;
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.message).toContain('called the test tool and answered its result');

    const [request, second] = server.requests('connection-happy');
    expect(request?.tool_choice).toBe('required');
    expect(request?.max_tokens).toBe(1_024);
    expect(request?.tools?.map((tool) => tool.function.name)).toEqual(['ping']);
    // The second turn carries the call and its result, as a wake's next request does.
    expect(second?.messages?.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
  });

  it('passes with a warning when the model answers without calling the tool', async () => {
    server.setScript('connection-chatty', [{ text: 'Pong!' }]);
    const result = await testConnection(settings('connection-chatty'));
    expect(result).toMatchObject({ ok: true, calledTool: false });
    expect(result.message).toContain('did not call the test tool');
    expect(result.message).toContain('may not support tool calling');
  });

  it('fails as unauthorized when the server refuses the key', async () => {
    server.setScript('connection-key', [{ toolCalls: [{ name: 'ping', arguments: {} }] }]);
    const result = await testConnection({ ...settings('connection-key'), apiKey: 'bad-key' });
    expect(result).toMatchObject({ ok: false, kind: 'unauthorized' });
    expect(result.message).not.toContain('bad-key');
  });

  it('fails as unknown-model for a model the server does not have', async () => {
    const result = await testConnection(settings('no-such-model'));
    expect(result).toMatchObject({ ok: false, kind: 'unknown-model' });
    expect(result.message).toContain('"no-such-model"');
  });

  it('fails as no-tool-support when the server says the model cannot use tools', async () => {
    server.setScript('connection-no-tools', [{ noTools: true }]);
    const result = await testConnection(settings('connection-no-tools'));
    expect(result).toMatchObject({ ok: false, kind: 'no-tool-support' });
  });

  it('fails as server-error on a 500', async () => {
    server.setScript('connection-500', [{ status: 500 }]);
    const result = await testConnection(settings('connection-500'));
    expect(result).toMatchObject({ ok: false, kind: 'server-error' });
  });

  it('fails as stream-cut when the connection drops mid-answer', async () => {
    server.setScript('connection-cut', [
      { toolCalls: [{ name: 'ping', arguments: {} }], cutAfterChunks: 2 },
    ]);
    const result = await testConnection(settings('connection-cut'));
    expect(result).toMatchObject({ ok: false, kind: 'stream-cut' });
  });

  it('fails as unreachable when nothing listens on the port', async () => {
    const closed = await startScriptedLlmServer({ port: 0 });
    await closed.close();
    const result = await testConnection({
      kind: 'openai-compatible',
      baseURL: `${closed.url}/v1`,
      model: 'anything',
    });
    expect(result).toMatchObject({ ok: false, kind: 'unreachable' });
    expect(result.message).toContain(`${closed.url}/v1`);
  });

  it('fails as timeout when the answer takes longer than allowed', async () => {
    server.setScript('connection-slow', [
      { delayMs: 2_000, toolCalls: [{ name: 'ping', arguments: {} }] },
    ]);
    const result = await testConnection(settings('connection-slow'), { timeoutMs: 150 });
    expect(result).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('fails as cancelled when the caller aborts', async () => {
    server.setScript('connection-cancel', [{ delayMs: 2_000, text: 'late' }]);
    const controller = new AbortController();
    const pending = testConnection(settings('connection-cancel'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, kind: 'cancelled' });
  });

  it('reports settings that cannot work without making a request', async () => {
    const result = await testConnection({ kind: 'openai', model: 'gpt-4.1-mini' });
    expect(result).toEqual({
      ok: false,
      kind: 'unauthorized',
      message: 'Enter your OpenAI API key. It stays on this device.',
    });
  });

  it('passes the demo agent without a request', async () => {
    const result = await testConnection({ kind: 'demo', model: '' });
    expect(result).toMatchObject({ ok: true, latencyMs: 0 });
  });

  it('tells a CORS block from a server that is down, using an opaque request', async () => {
    // What a browser does: the CORS request fails without a reason, a no-cors one succeeds.
    const browserLikeFetch: typeof fetch = async (input, init) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    const result = await testConnection(
      { kind: 'openai-compatible', baseURL: 'http://localhost:11434/v1', model: 'llama3.1' },
      { fetch: browserLikeFetch },
    );
    expect(result).toMatchObject({ ok: false, kind: 'cors' });
    expect(result.message).toContain('OLLAMA_ORIGINS=');

    const downFetch: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const down = await testConnection(
      { kind: 'openai-compatible', baseURL: 'http://localhost:11434/v1', model: 'llama3.1' },
      { fetch: downFetch },
    );
    expect(down).toMatchObject({ ok: false, kind: 'unreachable' });
    expect(down.message).toContain('Either it is not running, or it is running but does not allow');
  });
});
