/**
 * Reads one streamed answer of the model to the end. Only complete tool calls (the
 * provider's final `tool-call` parts) are returned; a stream that breaks off before its
 * `finish` part throws, so a half-streamed call can never be acted on.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { RawToolCall } from './route-tool-call';

export class StreamCutError extends Error {
  override readonly name = 'StreamCutError';
}

/** An error that arrived while the answer was streaming (not when the request was made). */
export class StreamReadError extends Error {
  override readonly name = 'StreamReadError';
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
  }
}

export interface ModelTurn {
  text: string;
  toolCalls: RawToolCall[];
  finishReason: string;
  usage: { inputTokens?: number; outputTokens?: number };
}

export async function readModelTurn(
  model: LanguageModelV4,
  options: LanguageModelV4CallOptions,
): Promise<ModelTurn> {
  const { stream } = await model.doStream(options);
  const reader = stream.getReader();
  let text = '';
  const toolCalls: RawToolCall[] = [];
  let finished: Pick<ModelTurn, 'finishReason' | 'usage'> | undefined;
  for (;;) {
    let next: ReadableStreamReadResult<LanguageModelV4StreamPart>;
    try {
      next = await reader.read();
    } catch (error) {
      throw new StreamReadError(error);
    }
    const { done, value: part } = next;
    if (done) break;
    switch (part.type) {
      case 'text-delta':
        text += part.delta;
        break;
      case 'tool-call':
        toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        break;
      case 'error':
        throw new StreamReadError(part.error);
      case 'finish':
        finished = {
          finishReason: part.finishReason.unified,
          usage: {
            inputTokens: part.usage.inputTokens.total,
            outputTokens: part.usage.outputTokens.total,
          },
        };
        break;
      default:
        break;
    }
  }
  if (!finished) throw new StreamCutError('The answer stopped before it was complete.');
  return { text, toolCalls, ...finished };
}
