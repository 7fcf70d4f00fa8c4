// A server that streams words or tool-call arguments forever: the turn stops at the cap,
// the request is cancelled, and the wake says which cap, instead of growing a string
// until the engine's limit ("Invalid string length").
import { describe, expect, it } from 'vitest';
import { chatChunk } from '../../test/support/scripted-fetch';
import { wakeWithModel } from '../../test/support/scripted-wake';
import { setUpWakeFixture } from '../../test/support/wake-fixture';
import type { ProviderSettings } from '../domain/provider-settings';
import { createLanguageModel } from './providers/create-language-model';
import { describeProviderError } from './providers/describe-provider-error';
import { MAX_WHOLE_ANSWER_BYTES } from './providers/capped-fetch';
import { MAX_TURN_OUTPUT_CHARACTERS } from './turn-output-cap';

const fixture = setUpWakeFixture();
const SETTINGS: ProviderSettings = {
  kind: 'openai-compatible',
  baseURL: 'http://localhost:8080/v1',
  model: 'stuck-model',
};
const PIECE = 'again '.repeat(500);

/** An SSE body that never ends: `first`, then `next()` for as long as it is read. */
function endless(first: unknown, next: () => unknown) {
  const encoder = new TextEncoder();
  const sent = { chunks: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = sent.chunks === 0 ? first : next();
      sent.chunks += 1;
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
    },
    cancel() {
      sent.cancelled = true;
    },
  });
  return { body, sent };
}

async function wakeOver(body: ReadableStream<Uint8Array>, whole = false) {
  const fetchImpl = async (_input: RequestInfo | URL, init?: RequestInit) => {
    init?.signal?.addEventListener('abort', () => body.cancel().catch(() => undefined));
    const contentType = whole ? 'application/json' : 'text/event-stream';
    return new Response(body, { headers: { 'content-type': contentType } });
  };
  const model = createLanguageModel(SETTINGS, { fetch: fetchImpl as typeof fetch });
  return wakeWithModel(fixture.db, fixture.ids.taskId, model, {
    providerLabel: 'stuck-model at http://localhost:8080/v1',
    describeError: (error, context) => describeProviderError(error, SETTINGS, context),
    wholeAnswers: whole,
  });
}

// The pieces up to the cap, and the few the streams between fetch and the wake read ahead.
const bound = Math.ceil(MAX_TURN_OUTPUT_CHARACTERS / PIECE.length) + 20;

describe('endless model output', () => {
  it('text forever: stopped at the cap, with words naming it', async () => {
    const { body, sent } = endless(chatChunk({ role: 'assistant', content: '' }), () =>
      chatChunk({ content: PIECE }),
    );
    const outcome = await wakeOver(body);
    expect(outcome).toMatchObject({ status: 'failed', kind: 'output-cap', proposed: 0 });
    expect(outcome.message).toContain('went past 200,000 characters in one turn');
    expect(sent.cancelled).toBe(true);
    expect(sent.chunks).toBeLessThan(bound);
  });

  it('tool-call arguments forever: stopped at the cap too', async () => {
    const { body, sent } = endless(
      chatChunk({
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: 'call_0',
            type: 'function',
            function: { name: 'set_task_title', arguments: '{"title":"' },
          },
        ],
      }),
      () => chatChunk({ tool_calls: [{ index: 0, function: { arguments: PIECE } }] }),
    );
    const outcome = await wakeOver(body);
    expect(outcome).toMatchObject({ status: 'failed', kind: 'output-cap' });
    expect(sent.cancelled).toBe(true);
    expect(sent.chunks).toBeLessThan(bound);
  });

  it('one JSON body that never ends, asked for whole: stopped at its size cap', async () => {
    const encoder = new TextEncoder();
    const sent = { chunks: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const text = sent.chunks === 0 ? '{"id":"x","choices":[{"message":{"content":"' : PIECE;
        sent.chunks += 1;
        controller.enqueue(encoder.encode(text));
      },
      cancel() {
        sent.cancelled = true;
      },
    });
    const outcome = await wakeOver(body, true);
    expect(outcome).toMatchObject({ status: 'failed', kind: 'output-cap', proposed: 0 });
    expect(outcome.message).toContain('sent an answer larger than 4 MB');
    expect(sent.cancelled).toBe(true);
    expect(sent.chunks).toBeLessThan(Math.ceil(MAX_WHOLE_ANSWER_BYTES / PIECE.length) + 20);
  });
});
