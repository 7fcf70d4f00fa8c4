/**
 * One turn of the wake as the next request sends it back: the model's answer, then the
 * answer to each of its calls.
 */
import type { LanguageModelV4Message } from '@ai-sdk/provider';
import type { TurnPart } from './read-model-turn';
import type { RawToolCall, RoutedCall } from './route-tool-call';

export function turnMessages(
  parts: readonly TurnPart[],
  calls: readonly RawToolCall[],
  routed: readonly RoutedCall[],
): LanguageModelV4Message[] {
  return [
    { role: 'assistant', content: assistantContent(parts, new Set(calls)) },
    {
      role: 'tool',
      content: calls.map((call, index) => ({
        type: 'tool-result' as const,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text' as const, value: routed[index]!.output },
      })),
    },
  ];
}

/**
 * The model's answer as the next request sends it back: every part in its order, with the
 * provider's metadata (reasoning and its signature, a call's thought signature), and only
 * the calls that were answered. The messages live for one wake with one model, so one
 * provider's reasoning never reaches another.
 */
function assistantContent(
  parts: readonly TurnPart[],
  answered: ReadonlySet<RawToolCall>,
): AssistantContent {
  return parts.flatMap((part): AssistantContent => {
    const options = part.providerOptions ? { providerOptions: part.providerOptions } : {};
    if (part.type === 'tool-call')
      return answered.has(part.call) ? [{ ...toolCallPart(part.call), ...options }] : [];
    return [{ type: part.type, text: part.text, ...options }];
  });
}

type AssistantContent = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'];

function toolCallPart(call: RawToolCall) {
  let input: unknown = call.input;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      // Keep the raw text: the model should see what it sent.
    }
  }
  return {
    type: 'tool-call' as const,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input,
  };
}
