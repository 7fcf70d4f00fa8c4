// Each failure as the real server words it, through the AI SDK's real provider: the
// diagnosis names the real fix, and "cannot call tools" is said only about a model.
import { describe, expect, it } from 'vitest';
import { scriptedFetch, type ScriptedResponse } from '../../../test/support/scripted-fetch';
import type { ProviderSettings } from '../../domain/provider-settings';
import { readModelTurn } from '../read-model-turn';
import { createLanguageModel } from './create-language-model';
import { describeProviderError } from './describe-provider-error';

const LLAMA: ProviderSettings = {
  kind: 'openai-compatible',
  baseURL: 'http://localhost:8080/v1',
  model: 'qwen2.5-7b',
};
const OLLAMA: ProviderSettings = {
  kind: 'openai-compatible',
  baseURL: 'http://localhost:11434/v1',
  model: 'stablelm2',
};
const DEEPSEEK: ProviderSettings = {
  kind: 'openai-compatible',
  baseURL: 'https://api.deepseek.test/v1',
  model: 'deepseek-reasoner',
};

async function failureOf(settings: ProviderSettings, response: ScriptedResponse) {
  const server = scriptedFetch([response]);
  const model = createLanguageModel(settings, { fetch: server.fetch });
  const error = await readModelTurn(model, {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
    tools: [{ type: 'function', name: 'ping', inputSchema: { type: 'object' } }],
  }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return describeProviderError(error, settings);
}

describe('a server failure names its real cause and fix', () => {
  it('llama.cpp started without --jinja: restart it with --jinja, not "choose another model"', async () => {
    const said = await failureOf(LLAMA, {
      status: 500,
      body: '{"error":{"code":500,"message":"tools param requires --jinja flag","type":"server_error"}}',
    });
    expect(said.kind).toBe('server-setup');
    expect(said.message).toContain('llama-server with --jinja');
    expect(said.message).not.toMatch(/cannot call tools|try again in a moment/i);
  });

  it('a llama.cpp build that cannot stream tool calls: update it (and whole answers are used)', async () => {
    const said = await failureOf(LLAMA, {
      status: 500,
      body: '{"error":{"code":500,"message":"Cannot use tools with stream","type":"server_error"}}',
    });
    expect(said.kind).toBe('no-tool-streaming');
    expect(said.message).toContain('update llama.cpp');
    expect(said.message).not.toMatch(/try again in a moment/i);
  });

  it('vLLM without --enable-auto-tool-choice: a server flag, not the model', async () => {
    const said = await failureOf(LLAMA, {
      status: 400,
      body: '{"object":"error","message":"\\"auto\\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set","type":"BadRequestError","param":null,"code":400}',
    });
    expect(said.kind).toBe('server-setup');
    expect(said.message).toContain('--enable-auto-tool-choice');
  });

  it('a model without tools, in Ollama’s words: choose one of these', async () => {
    const said = await failureOf(OLLAMA, {
      status: 400,
      body: '{"error":{"message":"stablelm2:latest does not support tools","type":"api_error","param":null,"code":null}}\n',
    });
    expect(said.kind).toBe('no-tool-support');
    expect(said.message).toContain('"stablelm2" model cannot call tools');
    expect(said.message).toContain('llama3.1, qwen2.5');
  });

  it('DeepSeek’s 400 about missing reasoning is never "cannot call tools"', async () => {
    const said = await failureOf(DEEPSEEK, {
      status: 400,
      body: '{"error":{"message":"Missing `reasoning_content` field in the assistant message at message index 2. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}',
    });
    expect(said.kind).toBe('reasoning-refused');
    expect(said.message).not.toMatch(/cannot call tools/i);
  });

  it.each([
    'Invalid value for tool_choice: must be one of auto, none',
    "messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
    'tools[0].function.name: string does not match pattern',
  ])(
    'a 400 about something else that mentions tools is not "cannot call tools": %s',
    async (words) => {
      const said = await failureOf(LLAMA, {
        status: 400,
        body: JSON.stringify({ error: { message: words, type: 'invalid_request_error' } }),
      });
      expect(said.kind).not.toBe('no-tool-support');
      expect(said.message).toContain(words.slice(0, 30));
    },
  );

  it('Ollama without /v1 in the base URL: add /v1', async () => {
    const said = await failureOf(
      { ...OLLAMA, baseURL: 'http://localhost:11434' },
      { status: 404, contentType: 'text/plain', body: '404 page not found' },
    );
    expect(said.kind).toBe('unreachable');
    expect(said.message).toContain('missing /v1. Use http://localhost:11434/v1.');
  });

  it('one JSON body where a stream was expected is said as such', async () => {
    const said = await failureOf(LLAMA, {
      body: JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'qwen2.5-7b',
        choices: [
          { index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' },
        ],
      }),
    });
    expect(said.kind).toBe('not-a-stream');
    expect(said.message).toContain('one JSON body where a stream of events was expected');
  });
});
