/**
 * Scripted models for the eval's tests: each answers from the context it is sent (which
 * task, which turn), as a model reading the prompt would, so one model plays a whole suite.
 * Every answer streams as a provider's would and reports 100 tokens in and 20 out.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

export interface ScriptedCall {
  name: string;
  args: unknown;
}

/** What the model can read in its context: the task's title and the ids of named rows. */
export interface ReadContext {
  title: string;
  turn: number;
  itemId(title: string): string;
  labelId(name: string): string;
  categoryId(name: string): string;
}

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

export function contextModel(answer: (context: ReadContext) => ScriptedCall[]) {
  let callNumber = 0;
  return new MockLanguageModelV4({
    doStream: async (options: LanguageModelV4CallOptions) => {
      const calls = answer(readContext(options));
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        ...calls.map((call): LanguageModelV4StreamPart => ({
          type: 'tool-call',
          toolCallId: `call-${++callNumber}`,
          toolName: call.name,
          input: JSON.stringify(call.args),
        })),
        {
          type: 'finish',
          finishReason: { unified: calls.length ? 'tool-calls' : 'stop', raw: undefined },
          usage,
        },
      ];
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
}

function readContext(options: LanguageModelV4CallOptions): ReadContext {
  const user = options.prompt.find((message) => message.role === 'user');
  const text =
    user?.role === 'user'
      ? user.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
      : '';
  const find = (pattern: RegExp, what: string) => {
    const found = pattern.exec(text)?.[1];
    if (!found) throw new Error(`The context shows no ${what}.`);
    return found;
  };
  const quoted = (name: string) => JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    title: JSON.parse(find(/^title: (".*")$/m, 'title')) as string,
    turn: options.prompt.filter((message) => message.role === 'assistant').length + 1,
    itemId: (title) => find(new RegExp(`^- \\[.\\] ${quoted(title)} \\(id: ([^,)]+)`, 'm'), title),
    labelId: (name) => find(new RegExp(`^- id: (\\S+) name: ${quoted(name)}$`, 'm'), name),
    categoryId: (name) => find(new RegExp(`^- id: (\\S+) name: ${quoted(name)}$`, 'm'), name),
  };
}

export const REPORT: ScriptedCall = {
  name: 'update_report',
  args: {
    oneLiner: 'Read the journal.',
    tldr: 'Proposed what the journal supports.',
    content: 'Done.',
  },
};
