import type { LanguageModelV4 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createLanguageModel } from './create-language-model';
import { ProviderConfigError } from './provider-config-error';
import type { ProviderSettings } from '../../domain/provider-settings';

interface CapturedRequest {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A fetch that records the request and then fails, so no answer format matters. */
function capturingFetch() {
  const captured: CapturedRequest[] = [];
  const fetchFunction: typeof fetch = async (input, init) => {
    captured.push({
      url: String(input),
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    });
    throw new Error('captured');
  };
  return { captured, fetchFunction };
}

async function sendOneRequest(settings: ProviderSettings): Promise<CapturedRequest> {
  const { captured, fetchFunction } = capturingFetch();
  const model = createLanguageModel(settings, { fetch: fetchFunction });
  await expect(
    model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      maxOutputTokens: 32,
    }),
  ).rejects.toThrow('captured');
  expect(captured).toHaveLength(1);
  return captured[0]!;
}

function configErrorOf(settings: ProviderSettings): ProviderConfigError {
  try {
    createLanguageModel(settings);
  } catch (error) {
    if (error instanceof ProviderConfigError) return error;
    throw error;
  }
  throw new Error('expected a ProviderConfigError');
}

describe('createLanguageModel', () => {
  describe('refuses settings that cannot work', () => {
    it('asks for the base URL of an OpenAI-compatible server', () => {
      const error = configErrorOf({ kind: 'openai-compatible', model: 'llama3.1', baseURL: ' ' });
      expect(error.name).toBe('ProviderConfigError');
      expect(error.field).toBe('baseURL');
      expect(error.message).toBe(
        "Enter the server's base URL, for example http://localhost:11434/v1 for Ollama.",
      );
    });

    it('refuses a base URL without http:// or https://', () => {
      const error = configErrorOf({
        kind: 'openai-compatible',
        model: 'llama3.1',
        baseURL: 'localhost:11434/v1',
      });
      expect(error.field).toBe('baseURL');
      expect(error.message).toMatch(/starts with http:\/\/ or https:\/\//);
    });

    it('refuses a base URL that already names the endpoint, and shows the right one', () => {
      const error = configErrorOf({
        kind: 'openai-compatible',
        model: 'llama3.1',
        baseURL: 'http://localhost:11434/v1/chat/completions',
      });
      expect(error.field).toBe('baseURL');
      expect(error.message).toContain('http://localhost:11434/v1.');
    });

    it('asks for a model name', () => {
      const error = configErrorOf({
        kind: 'openai-compatible',
        model: '  ',
        baseURL: 'http://localhost:11434/v1',
      });
      expect(error.field).toBe('model');
      expect(error.message).toMatch(/^Enter a model name/);
    });

    it.each([
      ['openai', 'OpenAI'],
      ['anthropic', 'Anthropic'],
    ] as const)('asks for the %s API key', (kind, providerName) => {
      const error = configErrorOf({ kind, model: 'some-model', apiKey: '   ' });
      expect(error.field).toBe('apiKey');
      expect(error.message).toBe(`Enter your ${providerName} API key. It stays on this device.`);
    });

    it('does not build the demo agent, which lives in src/agent/demo', () => {
      const error = configErrorOf({ kind: 'demo', model: '' });
      expect(error.field).toBe('kind');
      expect(error.message).toContain('src/agent/demo');
    });
  });

  it.each<ProviderSettings>([
    { kind: 'openai-compatible', model: 'llama3.1', baseURL: 'http://localhost:11434/v1' },
    { kind: 'openai', model: 'gpt-4.1-mini', apiKey: 'sk-test' },
    { kind: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-ant-test' },
  ])('returns a LanguageModelV4 with doStream for $kind', (settings) => {
    const model: LanguageModelV4 = createLanguageModel(settings);
    expect(model.specificationVersion).toBe('v4');
    expect(model.modelId).toBe(settings.model);
    expect(typeof model.doStream).toBe('function');
    expect(typeof model.doGenerate).toBe('function');
  });

  it('sends OpenAI-compatible requests to <base URL>/chat/completions, asking for usage', async () => {
    const request = await sendOneRequest({
      kind: 'openai-compatible',
      model: ' llama3.1 ',
      baseURL: 'http://localhost:11434/v1/',
    });
    expect(request.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(request.headers.has('authorization')).toBe(false);
    expect(request.body).toMatchObject({
      model: 'llama3.1',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends the optional key of an OpenAI-compatible server as a bearer token', async () => {
    const request = await sendOneRequest({
      kind: 'openai-compatible',
      model: 'mistral',
      baseURL: 'https://openrouter.ai/api/v1',
      apiKey: 'or-key',
    });
    expect(request.headers.get('authorization')).toBe('Bearer or-key');
    expect(
      createLanguageModel({ kind: 'openai-compatible', model: 'm', baseURL: 'http://x/v1' })
        .provider,
    ).toBe('openai-compatible.chat');
  });

  it('uses chat completions for OpenAI, not the Responses API', async () => {
    const request = await sendOneRequest({
      kind: 'openai',
      model: 'gpt-4.1-mini',
      apiKey: 'sk-test',
    });
    expect(request.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(request.headers.get('authorization')).toBe('Bearer sk-test');
  });

  it('lets OpenAI settings point at another base URL', async () => {
    const request = await sendOneRequest({
      kind: 'openai',
      model: 'gpt-4.1-mini',
      apiKey: 'sk-test',
      baseURL: 'https://proxy.example/v1',
    });
    expect(request.url).toBe('https://proxy.example/v1/chat/completions');
  });

  it('sends Anthropic the header that allows calls from a browser', async () => {
    const request = await sendOneRequest({
      kind: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKey: 'sk-ant-test',
    });
    expect(request.url).toBe('https://api.anthropic.com/v1/messages');
    expect(request.headers.get('anthropic-dangerous-direct-browser-access')).toBe('true');
    expect(request.headers.get('x-api-key')).toBe('sk-ant-test');
    expect(request.body).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 32 });
  });
});
