// Test connection runs two turns, as a wake does: a provider that breaks only when a
// call's result goes back fails the test with the words a wake would say.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chatChunk,
  chatCompletion,
  chatStream,
  scriptedFetch,
  type ScriptedResponse,
} from '../../../test/support/scripted-fetch';
import { wakeWithModel } from '../../../test/support/scripted-wake';
import { createAgentReadyTask, createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import type { ProviderSettings } from '../../domain/provider-settings';
import { createLanguageModel } from './create-language-model';
import { describeProviderError } from './describe-provider-error';
import { testConnection } from './test-connection';

const DEEPSEEK: ProviderSettings = {
  kind: 'openai-compatible',
  baseURL: 'https://api.deepseek.test/v1',
  model: 'deepseek-reasoner',
};

const callsATool = (name: string, args: string): ScriptedResponse => ({
  body: chatStream([
    chatChunk({ role: 'assistant', content: null, reasoning_content: 'A call is asked for.' }),
    chatChunk({
      tool_calls: [
        { index: 0, id: 'call_0', type: 'function', function: { name, arguments: args } },
      ],
    }),
    chatChunk({}, 'tool_calls'),
  ]),
});
const refusesTheSecondTurn: ScriptedResponse = {
  status: 400,
  body: '{"error":{"message":"Missing `reasoning_content` field in the assistant message at message index 2.","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}',
};
const answers: ScriptedResponse = {
  body: chatStream([chatChunk({ role: 'assistant', content: 'pong' }), chatChunk({}, 'stop')]),
};

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

describe('Test connection, second turn', () => {
  it('fails on a provider that breaks at the second turn, in the words a wake gives', async () => {
    const tested = scriptedFetch([callsATool('ping', '{}'), refusesTheSecondTurn]);
    const result = await testConnection(DEEPSEEK, { fetch: tested.fetch });
    expect(tested.requests).toHaveLength(2);
    expect(result.ok).toBe(false);
    if (result.ok) return;

    const { taskId } = await createAgentReadyTask(db);
    const woken = scriptedFetch([
      callsATool('update_task_estimate', '{"minutes":90}'),
      refusesTheSecondTurn,
    ]);
    const outcome = await wakeWithModel(
      db,
      taskId,
      createLanguageModel(DEEPSEEK, { fetch: woken.fetch }),
      { describeError: (error, context) => describeProviderError(error, DEEPSEEK, context) },
    );
    expect(outcome.status).toBe('failed');
    expect(result).toMatchObject({ kind: outcome.kind });
    // The wake adds only that its proposal from the first turn is waiting.
    expect(outcome.message).toContain(result.message);
  });

  it('passes on a provider that answers the result, and sends its reasoning back', async () => {
    const tested = scriptedFetch([callsATool('ping', '{}'), answers]);
    const result = await testConnection(DEEPSEEK, { fetch: tested.fetch });
    expect(result).toMatchObject({ ok: true, calledTool: true });
    const messages = tested.requests[1]?.messages as { role: string; reasoning_content?: string }[];
    expect(messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
    expect(messages[2]?.reasoning_content).toBe('A call is asked for.');
  });

  it('asks a server that cannot stream tool calls for whole answers, and says so', async () => {
    const tested = scriptedFetch([
      {
        status: 500,
        body: '{"error":{"code":500,"message":"Cannot use tools with stream","type":"server_error"}}',
      },
      { body: chatCompletion([{ name: 'ping', args: {} }]) },
      { body: chatCompletion([], 'pong') },
    ]);
    const result = await testConnection(
      { kind: 'openai-compatible', baseURL: 'http://localhost:8080/v1', model: 'qwen2.5-7b' },
      { fetch: tested.fetch },
    );
    expect(result).toMatchObject({ ok: true, calledTool: true, wholeAnswers: true });
    expect(result.message).toContain('cannot stream tool calls');
    expect(tested.requests.map((request) => request.stream === true)).toEqual([true, false, false]);
  });
});
