/**
 * One turn of the model: a streamed answer within the turn's time limit, waiting out a
 * short Retry-After (at most twice) when the provider asks to slow down. A server that
 * cannot stream tool calls is asked for whole answers from then on (said once, and
 * remembered for this configuration).
 */
import type { LanguageModelV4, LanguageModelV4Message } from '@ai-sdk/provider';
import { modelToolSpecs } from './model-tool-specs';
import { readModelTurn, readWholeTurn, type ModelTurn } from './read-model-turn';
import type { WakeOptions } from './wake-options';
import type { WakeProgress } from './wake-progress';

/** How this wake asks the model: streamed, until the server shows it cannot stream tools. */
export interface AnswerTransport {
  streaming: boolean;
}

/** Kinds of failure that say the server answers, but not as a stream with tools. */
const CANNOT_STREAM = new Set(['no-tool-streaming', 'not-a-stream']);

export async function askModel(
  model: LanguageModelV4,
  messages: LanguageModelV4Message[],
  options: WakeOptions,
  report: (progress: WakeProgress) => void,
  transport: AnswerTransport,
): Promise<ModelTurn> {
  const sleep = options.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    const signals = [
      AbortSignal.timeout(options.turnTimeoutMs ?? 120_000),
      ...(options.signal ? [options.signal] : []),
    ];
    try {
      const read = transport.streaming ? readModelTurn : readWholeTurn;
      return await read(model, {
        prompt: messages,
        tools: modelToolSpecs(),
        toolChoice: { type: 'auto' },
        maxOutputTokens: 2_048,
        abortSignal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const description = options.describeError(error, { whileStreaming: false });
      if (transport.streaming && CANNOT_STREAM.has(description.kind)) {
        transport.streaming = false;
        report({ type: 'notice', message: description.message });
        await options.rememberWholeAnswers?.();
        continue;
      }
      const wait = description.retryAfterSeconds;
      if (
        description.kind === 'rate-limited' &&
        wait !== undefined &&
        wait <= (options.maxRetryAfterSeconds ?? 30) &&
        attempt < 3
      ) {
        report({
          type: 'waiting',
          seconds: wait,
          reason: 'The provider asked to wait before the next request (rate limit).',
        });
        await sleep(wait * 1_000, options.signal);
        continue;
      }
      throw error;
    }
  }
}

function abortableSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
