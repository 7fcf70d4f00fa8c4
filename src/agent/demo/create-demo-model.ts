/**
 * "Demo agent (scripted, no AI)": a LanguageModelV4 that plays demo-script.ts through
 * the same wake, routing, builder and persistence as a real model, with no network.
 * It is a choice in Settings, never a silent fallback.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { demoScript } from './demo-script';

const TASK_ID_LINE = /^id: (\S+)$/m;

export function createDemoModel(
  options: { delayMs?: number; today?: () => Date } = {},
): LanguageModelV4 {
  const delayMs = options.delayMs ?? 350;
  return {
    specificationVersion: 'v4',
    provider: 'demo',
    modelId: 'scripted',
    supportedUrls: {},
    async doGenerate() {
      throw new Error('The demo agent only streams.');
    },
    async doStream(callOptions: LanguageModelV4CallOptions) {
      const context = callOptions.prompt.find((message) => message.role === 'user');
      const text =
        context?.role === 'user'
          ? context.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
          : '';
      const taskId = TASK_ID_LINE.exec(text)?.[1] ?? '';
      const turnIndex = callOptions.prompt.filter((message) => message.role === 'assistant').length;
      const turn = demoScript(taskId, options.today?.() ?? new Date())[turnIndex];
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (turn?.text)
        parts.push(
          { type: 'text-start', id: 'text' },
          { type: 'text-delta', id: 'text', delta: turn.text },
          { type: 'text-end', id: 'text' },
        );
      turn?.calls.forEach((call, index) =>
        parts.push({
          type: 'tool-call',
          toolCallId: `demo-${turnIndex}-${index}`,
          toolName: call.name,
          input: JSON.stringify(call.args),
        }),
      );
      parts.push({
        type: 'finish',
        finishReason: { unified: turn?.calls.length ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: {
            total: Math.ceil(text.length / 4),
            noCache: undefined,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: 60, text: undefined, reasoning: undefined },
        },
      });
      const signal = callOptions.abortSignal;
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async start(controller) {
            for (const part of parts) {
              // Pace the parts so progress is visible, as with a real model.
              await new Promise((resolve) => setTimeout(resolve, delayMs / parts.length));
              if (signal?.aborted) {
                controller.error(signal.reason);
                return;
              }
              controller.enqueue(part);
            }
            controller.close();
          },
        }),
      };
    },
  };
}
