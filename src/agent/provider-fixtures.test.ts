// Every provider fixture (answers in the shapes real servers send) through a whole wake,
// over the AI SDK's real providers: what a person would expect is what happens.
import { describe, expect, it } from 'vitest';
import {
  fixtureAnswer,
  PROVIDER_FIXTURES,
  type ProviderFixtureName,
} from '../../e2e/support/provider-fixtures.mjs';
import { itemsOfTask } from '../../test/support/proposals';
import { chatChunk, chatCompletion, chatStream } from '../../test/support/scripted-fetch';
import { wakeWithModel } from '../../test/support/scripted-wake';
import { setUpWakeFixture } from '../../test/support/wake-fixture';
import type { ProviderSettings } from '../domain/provider-settings';
import { createLanguageModel } from './providers/create-language-model';
import { describeProviderError } from './providers/describe-provider-error';

const fixture = setUpWakeFixture();

const REPORT = { oneLiner: 'Release blocker', tldr: 'Raised to P0.', content: 'Blocks Friday.' };

/** The second turn: the agent's report, in the provider's own format. */
function reportAnswer(provider: string, streamed: boolean): Response {
  if (provider === 'anthropic') {
    const events = [
      {
        type: 'message_start',
        message: {
          id: 'm2',
          type: 'message',
          role: 'assistant',
          model: 'c',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_report', name: 'update_report', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(REPORT) },
      },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 9 },
      },
      { type: 'message_stop' },
    ];
    const body = events
      .map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
      .join('');
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }
  if (!streamed) {
    return new Response(chatCompletion([{ name: 'update_report', args: REPORT }]), {
      headers: { 'content-type': 'application/json' },
    });
  }
  const call = {
    index: 0,
    id: 'call_report',
    type: 'function',
    function: { name: 'update_report', arguments: JSON.stringify(REPORT) },
  };
  return new Response(
    chatStream([chatChunk({ role: 'assistant', tool_calls: [call] }), chatChunk({}, 'tool_calls')]),
    {
      headers: { 'content-type': 'text/event-stream' },
    },
  );
}

async function wakeOver(name: ProviderFixtureName) {
  const { provider } = PROVIDER_FIXTURES[name];
  const settings: ProviderSettings =
    provider === 'anthropic'
      ? { kind: 'anthropic', apiKey: 'sk-ant-test', model: 'claude-sonnet-4-5' }
      : { kind: 'openai-compatible', baseURL: 'http://localhost:8080/v1', model: 'fixture' };
  const requests: { stream: boolean }[] = [];
  // As the scripted server does: a request's turn is the number of assistant messages it carries.
  const fetchImpl = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      stream?: boolean;
      messages: { role: string }[];
    };
    const streamed = body.stream === true;
    requests.push({ stream: streamed });
    if (body.messages.some((message) => message.role === 'assistant'))
      return reportAnswer(provider, streamed);
    const answer = fixtureAnswer(name, streamed);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };
  const model = createLanguageModel(settings, { fetch: fetchImpl as typeof fetch });
  const outcome = await wakeWithModel(fixture.db, fixture.ids.taskId, model, {
    describeError: (error, context) => describeProviderError(error, settings, context),
  });
  const proposals = (await itemsOfTask(fixture.db, fixture.ids.taskId)).map(
    (item) => item.humanSummary,
  );
  return { outcome, proposals, requests };
}

describe('a wake over answers in the shapes real servers send', () => {
  it.each<ProviderFixtureName>([
    'whole-call-one-chunk',
    'calls-without-index',
    'same-call-chunk-twice',
    'arguments-in-finish-chunk',
    'continuation-empty-name',
    'reasoning-deltas',
    'anthropic-padded-data',
  ])('%s: proposes the call once and ends with the report', async (name) => {
    const { outcome, proposals, requests } = await wakeOver(name);
    expect(outcome).toMatchObject({ status: 'done', turns: 2 });
    expect(proposals).toEqual(['Set priority to P0']);
    expect(requests.every((request) => request.stream)).toBe(true);
  });

  it('ids-empty-or-repeated: both calls are proposed, each answered', async () => {
    const { outcome, proposals } = await wakeOver('ids-empty-or-repeated');
    expect(outcome).toMatchObject({ status: 'done', turns: 2 });
    expect(proposals).toEqual(['Set priority to P0', 'Set estimate to 120 minutes']);
  });

  it('tool-markup-in-text: the leaked markup runs nothing and the wake says it answered in words', async () => {
    const { outcome, proposals } = await wakeOver('tool-markup-in-text');
    expect(outcome).toMatchObject({ status: 'done', ending: 'words-only', proposed: 0 });
    expect(proposals).toEqual([]);
  });

  it.each<ProviderFixtureName>(['json-body-for-stream', 'llamacpp-cannot-stream'])(
    '%s: asked again for a whole answer, once, and the wake completes',
    async (name) => {
      const { outcome, proposals, requests } = await wakeOver(name);
      expect(outcome).toMatchObject({ status: 'done', turns: 2 });
      expect(proposals).toEqual(['Set priority to P0']);
      expect(requests.map((request) => request.stream)).toEqual([true, false, false]);
    },
  );

  it.each<[ProviderFixtureName, string, RegExp]>([
    ['deepseek-missing-reasoning', 'reasoning-refused', /own reasoning was not sent back/],
    ['llamacpp-needs-jinja', 'server-setup', /Restart llama-server with --jinja/],
  ])('%s: fails with its real cause (%s)', async (name, kind, words) => {
    const { outcome, proposals } = await wakeOver(name);
    expect(outcome).toMatchObject({ status: 'failed', kind });
    expect(outcome.message).toMatch(words);
    expect(outcome.message).not.toMatch(/cannot call tools/);
    expect(proposals).toEqual([]);
  });
});
