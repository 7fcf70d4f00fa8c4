/**
 * Reads one streamed answer of the model to the end. Only complete tool calls (the
 * provider's final `tool-call` parts) are returned; a stream that breaks off before its
 * `finish` part throws, so a half-streamed call can never be acted on.
 *
 * The answer's parts are kept in the order they came, each with the provider's metadata
 * (reasoning signatures, thought signatures on calls), as the AI SDK's own response
 * messages keep them (`toResponseMessages` in `ai`): reasoning models refuse a next
 * request that lacks them. It is read from the provider's stream rather than through
 * `streamText`, whose messages replace a call's unparseable arguments with `{}` and add
 * results of their own: routing answers each raw call, and the model sees what it sent.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';
import { NotAStreamError } from './providers/not-a-stream-error';
import type { RawToolCall } from './route-tool-call';
import { TurnOutputBudget } from './turn-output-cap';

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

/** One part of the model's answer, as the next request must send it back. */
export type TurnPart =
  WordsPart | { type: 'tool-call'; call: RawToolCall; providerOptions?: SharedV4ProviderMetadata };

interface WordsPart {
  type: 'text' | 'reasoning';
  text: string;
  providerOptions?: SharedV4ProviderMetadata;
}

export interface ModelTurn {
  text: string;
  toolCalls: RawToolCall[];
  /** Everything the model answered, in order, with the provider's metadata. */
  parts: TurnPart[];
  finishReason: string;
  usage: { inputTokens?: number; outputTokens?: number };
}

export async function readModelTurn(
  model: LanguageModelV4,
  options: LanguageModelV4CallOptions,
): Promise<ModelTurn> {
  const budget = new TurnOutputBudget();
  const stop = new AbortController();
  const abortSignal = options.abortSignal
    ? AbortSignal.any([options.abortSignal, stop.signal])
    : stop.signal;
  const { stream, response } = await model.doStream({ ...options, abortSignal });
  if (/^application\/json/i.test(response?.headers?.['content-type'] ?? '')) {
    void stream.cancel().catch(() => undefined);
    throw new NotAStreamError('The server answered with one JSON body, not a stream.');
  }
  const reader = stream.getReader();
  const turn = new TurnCollector();
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
    const overflow = budget.spend(part);
    if (overflow) {
      // Stops the request too: the provider keeps its own copy of a call's arguments.
      stop.abort(overflow);
      void reader.cancel(overflow).catch(() => undefined);
      throw overflow;
    }
    if (part.type === 'error') throw new StreamReadError(part.error);
    if (part.type === 'finish') {
      finished = {
        finishReason: part.finishReason.unified,
        usage: {
          inputTokens: part.usage.inputTokens.total,
          outputTokens: part.usage.outputTokens.total,
        },
      };
    } else turn.add(part);
  }
  if (!finished) throw new StreamCutError('The answer stopped before it was complete.');
  return { ...turn.result(), ...finished };
}

/** One answer asked for whole, for servers that cannot stream tool calls. */
export async function readWholeTurn(
  model: LanguageModelV4,
  options: LanguageModelV4CallOptions,
): Promise<ModelTurn> {
  const result = await model.doGenerate(options);
  const turn = new TurnCollector();
  for (const part of result.content) {
    if (part.type === 'text' || part.type === 'reasoning') {
      const id = String(turn.size);
      turn.add({ type: `${part.type}-start`, id, providerMetadata: part.providerMetadata });
      turn.add({ type: `${part.type}-delta`, id, delta: part.text });
      turn.add({ type: `${part.type}-end`, id });
    } else if (part.type === 'tool-call') turn.add(part);
  }
  return {
    ...turn.result(),
    finishReason: result.finishReason.unified,
    usage: {
      inputTokens: result.usage.inputTokens.total,
      outputTokens: result.usage.outputTokens.total,
    },
  };
}

/** Builds the answer's parts from stream parts, keeping the latest metadata of each. */
class TurnCollector {
  private readonly parts: TurnPart[] = [];
  private readonly open = new Map<string, WordsPart>();

  get size(): number {
    return this.parts.length;
  }

  add(part: LanguageModelV4StreamPart): void {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start': {
        const type = part.type === 'text-start' ? 'text' : 'reasoning';
        const started = { type, text: '', ...metadata(part.providerMetadata) } as const;
        this.open.set(`${type}:${part.id}`, started);
        this.parts.push(started);
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const type = part.type === 'text-delta' ? 'text' : 'reasoning';
        let open = this.open.get(`${type}:${part.id}`);
        if (!open) {
          open = { type, text: '' };
          this.open.set(`${type}:${part.id}`, open);
          this.parts.push(open);
        }
        open.text += part.delta;
        if (part.providerMetadata) open.providerOptions = part.providerMetadata;
        break;
      }
      case 'text-end':
      case 'reasoning-end': {
        const key = `${part.type === 'text-end' ? 'text' : 'reasoning'}:${part.id}`;
        const open = this.open.get(key);
        if (open && part.providerMetadata) open.providerOptions = part.providerMetadata;
        this.open.delete(key);
        break;
      }
      case 'tool-call':
        this.parts.push({
          type: 'tool-call',
          call: { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input },
          ...metadata(part.providerMetadata),
        });
        break;
      default:
        break;
    }
  }

  result(): Pick<ModelTurn, 'text' | 'toolCalls' | 'parts'> {
    // An empty text part with no metadata says nothing (the SDK drops it too).
    const parts = this.parts.filter(
      (part) => part.type !== 'text' || part.text !== '' || part.providerOptions !== undefined,
    );
    return {
      parts,
      text: parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
      toolCalls: parts.flatMap((part) => (part.type === 'tool-call' ? [part.call] : [])),
    };
  }
}

function metadata(providerMetadata: SharedV4ProviderMetadata | undefined) {
  return providerMetadata ? { providerOptions: providerMetadata } : {};
}
