// Reasoning models refuse a next request that lacks their own reasoning (DeepSeek: HTTP 400
// "Missing `reasoning_content`"; Anthropic: thinking blocks with their signatures). These
// wakes run the AI SDK's real providers over scripted bytes in each server's own shape.
import { describe, expect, it } from 'vitest';
import { setUpWakeFixture } from '../../test/support/wake-fixture';
import { wakeWithModel } from '../../test/support/scripted-wake';
import {
  chatChunk,
  chatStream,
  scriptedFetch,
  type ScriptedResponse,
} from '../../test/support/scripted-fetch';
import type { ProviderSettings } from '../domain/provider-settings';
import { createLanguageModel } from './providers/create-language-model';
import { describeProviderError } from './providers/describe-provider-error';

const fixture = setUpWakeFixture();

const REPORT_ARGS = JSON.stringify({
  oneLiner: 'Estimated',
  tldr: 'Set to 90 minutes.',
  content: 'Done.',
});

async function wakeOver(settings: ProviderSettings, responses: ScriptedResponse[]) {
  const server = scriptedFetch(responses);
  const model = createLanguageModel(settings, { fetch: server.fetch });
  const outcome = await wakeWithModel(fixture.db, fixture.ids.taskId, model, {
    describeError: (error, context) => describeProviderError(error, settings, context),
  });
  return { outcome, requests: server.requests };
}

interface ChatMessage {
  role: string;
  content?: unknown;
  reasoning_content?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  [key: string]: unknown;
}

const assistantOf = (request: Record<string, unknown> | undefined) =>
  (request?.messages as ChatMessage[]).find((message) => message.role === 'assistant');

describe('a reasoning model gets its own reasoning back at its second turn', () => {
  it("DeepSeek's chat format: reasoning_content goes back with the tool call", async () => {
    const { outcome, requests } = await wakeOver(
      {
        kind: 'openai-compatible',
        baseURL: 'https://api.deepseek.test/v1',
        model: 'deepseek-reasoner',
      },
      [
        {
          body: chatStream([
            chatChunk({ role: 'assistant', content: null, reasoning_content: '' }),
            chatChunk({ content: null, reasoning_content: 'The person wrote ninety' }),
            chatChunk({ content: null, reasoning_content: ' minutes.' }),
            chatChunk({
              tool_calls: [
                {
                  index: 0,
                  id: 'call_00_estimate',
                  type: 'function',
                  function: { name: 'update_task_estimate', arguments: '{"minutes":90}' },
                },
              ],
            }),
            chatChunk({}, 'tool_calls'),
          ]),
        },
        {
          body: chatStream([
            chatChunk({ role: 'assistant', content: null, reasoning_content: 'Report now.' }),
            chatChunk({
              tool_calls: [
                {
                  index: 0,
                  id: 'call_00_report',
                  type: 'function',
                  function: { name: 'update_report', arguments: REPORT_ARGS },
                },
              ],
            }),
            chatChunk({}, 'tool_calls'),
          ]),
        },
      ],
    );
    expect(outcome).toMatchObject({ status: 'done', proposed: 1, turns: 2 });
    const assistant = assistantOf(requests[1]);
    expect(assistant?.reasoning_content).toBe('The person wrote ninety minutes.');
    expect(assistant?.tool_calls?.[0]).toMatchObject({
      id: 'call_00_estimate',
      function: { name: 'update_task_estimate' },
    });
  });

  it("an OpenAI-compatible server's `reasoning` field, and a call's thought signature, go back too", async () => {
    const { outcome, requests } = await wakeOver(
      { kind: 'openai-compatible', baseURL: 'http://localhost:8000/v1', model: 'qwen3-32b' },
      [
        {
          body: chatStream([
            chatChunk({ role: 'assistant', content: '', reasoning: 'An estimate was given.' }),
            chatChunk({
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'update_task_estimate', arguments: '{"minutes":90}' },
                  extra_content: { google: { thought_signature: 'c2lnbmF0dXJl' } },
                },
              ],
            }),
            chatChunk({}, 'tool_calls'),
          ]),
        },
        {
          body: chatStream([
            chatChunk({
              role: 'assistant',
              tool_calls: [
                {
                  index: 0,
                  id: 'call_2',
                  type: 'function',
                  function: { name: 'update_report', arguments: REPORT_ARGS },
                },
              ],
            }),
            chatChunk({}, 'tool_calls'),
          ]),
        },
      ],
    );
    expect(outcome).toMatchObject({ status: 'done', proposed: 1 });
    const assistant = assistantOf(requests[1]);
    expect(assistant?.reasoning_content).toBe('An estimate was given.');
    expect(assistant?.tool_calls?.[0]).toMatchObject({
      id: 'call_1',
      extra_content: { google: { thought_signature: 'c2lnbmF0dXJl' } },
    });
  });

  it("Anthropic's thinking block goes back with its signature, before the tool use", async () => {
    const { outcome, requests } = await wakeOver(
      { kind: 'anthropic', apiKey: 'sk-ant-test', model: 'claude-sonnet-4-5' },
      [
        {
          body: anthropicStream(
            'The person wrote ninety minutes.',
            'EqQBCkYIBxgCKkA',
            'update_task_estimate',
            '{"minutes":90}',
          ),
        },
        {
          body: anthropicStream('Time to report.', 'ErUBCkYIBxgCKkB', 'update_report', REPORT_ARGS),
        },
      ],
    );
    expect(outcome).toMatchObject({ status: 'done', proposed: 1 });
    const messages = requests[1]?.messages as { role: string; content: { type: string }[] }[];
    const assistant = messages.find((message) => message.role === 'assistant');
    expect(assistant?.content).toEqual([
      {
        type: 'thinking',
        thinking: 'The person wrote ninety minutes.',
        signature: 'EqQBCkYIBxgCKkA',
      },
      expect.objectContaining({ type: 'tool_use', id: 'toolu_1', name: 'update_task_estimate' }),
    ]);
  });
});

/** Anthropic's events for a thinking block, then one tool use. */
function anthropicStream(thinking: string, signature: string, tool: string, args: string) {
  const events: [string, unknown][] = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 900, output_tokens: 1 },
        },
      },
    ],
    [
      'content_block_start',
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      },
    ],
    [
      'content_block_delta',
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking } },
    ],
    [
      'content_block_delta',
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature } },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'content_block_start',
      {
        type: 'content_block_start',
        index: 1,
        content_block: {
          type: 'tool_use',
          id: tool === 'update_report' ? 'toolu_2' : 'toolu_1',
          name: tool,
          input: {},
        },
      },
    ],
    [
      'content_block_delta',
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: args },
      },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 1 }],
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 60 },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  ];
  return events
    .map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    .join('');
}
