/**
 * A mock language model (AI SDK `MockLanguageModelV4`) that plays a script, one entry per
 * turn, as a provider's stream would: text, complete tool calls, errors, or a stream
 * that breaks off mid-way. It keeps every prompt it received, for assertions.
 */
import {
  APICallError,
  type LanguageModelV4CallOptions,
  type LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

export type ScriptedTurn =
  | { text?: string; toolCalls?: { name: string; args: unknown }[]; finishWithout?: boolean }
  | { throws: unknown }
  | { cutAfterToolCallStart: { name: string; partialArgs: string } };

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

export function scriptedModel(turns: ScriptedTurn[]) {
  const prompts: LanguageModelV4CallOptions[] = [];
  let index = 0;
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      prompts.push(options);
      const turn = turns[Math.min(index++, turns.length - 1)] ?? { text: 'Done.' };
      if ('throws' in turn) throw turn.throws;
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if ('cutAfterToolCallStart' in turn) {
        const { name, partialArgs } = turn.cutAfterToolCallStart;
        parts.push(
          { type: 'tool-input-start', id: 'cut-1', toolName: name },
          { type: 'tool-input-delta', id: 'cut-1', delta: partialArgs },
        );
        return {
          stream: new ReadableStream<LanguageModelV4StreamPart>({
            start(controller) {
              for (const part of parts) controller.enqueue(part);
              controller.error(new TypeError('terminated'));
            },
          }),
        };
      }
      if (turn.text) {
        parts.push(
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: turn.text },
          { type: 'text-end', id: 't' },
        );
      }
      (turn.toolCalls ?? []).forEach((call, callIndex) => {
        parts.push({
          type: 'tool-call',
          toolCallId: `call-${index}-${callIndex}`,
          toolName: call.name,
          input: typeof call.args === 'string' ? call.args : JSON.stringify(call.args),
        });
      });
      if (!turn.finishWithout) {
        parts.push({
          type: 'finish',
          finishReason: { unified: turn.toolCalls?.length ? 'tool-calls' : 'stop', raw: undefined },
          usage,
        });
      }
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
  return { model, prompts };
}

export function httpError(
  statusCode: number,
  options: { body?: string; headers?: Record<string, string> } = {},
) {
  return new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://127.0.0.1:9/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: options.headers ?? {},
    responseBody: options.body ?? '',
    isRetryable: statusCode === 429 || statusCode >= 500,
  });
}

/** The text of the tool results the model received in a prompt. */
export function toolResultsIn(options: LanguageModelV4CallOptions | undefined): string[] {
  return (options?.prompt ?? [])
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content)
    .map((part) =>
      part.type === 'tool-result' && part.output.type === 'text' ? part.output.value : '',
    );
}
