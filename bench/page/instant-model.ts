/**
 * A LanguageModelV4 that answers every turn at once from a script, so what section 7a
 * times is the wake itself: context, prompt, routing, dispatch, audit and persistence.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';

interface InstantCall {
  name: string;
  /** The arguments, or their JSON as a provider would stream it. */
  args: Record<string, unknown> | string;
}
interface InstantTurn {
  text?: string;
  calls: InstantCall[];
}

/** A LanguageModelV4 that answers from a script at once: turn N is the Nth answer of the wake. */
export function instantModel(turns: readonly InstantTurn[]): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'instant',
    supportedUrls: {},
    async doGenerate() {
      throw new Error('The bench model only streams.');
    },
    async doStream(options: LanguageModelV4CallOptions) {
      const turnIndex = options.prompt.filter((message) => message.role === 'assistant').length;
      const turn = turns[turnIndex] ?? { calls: [] };
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (turn.text) {
        parts.push(
          { type: 'text-start', id: 'text' },
          { type: 'text-delta', id: 'text', delta: turn.text },
          { type: 'text-end', id: 'text' },
        );
      }
      turn.calls.forEach((call, index) =>
        parts.push({
          type: 'tool-call',
          toolCallId: `bench-${turnIndex}-${index}`,
          toolName: call.name,
          input: typeof call.args === 'string' ? call.args : JSON.stringify(call.args),
        }),
      );
      parts.push({
        type: 'finish',
        finishReason: { unified: turn.calls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: {
            total: 4_000,
            noCache: 4_000,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: 200, text: 200, reasoning: undefined },
        },
      });
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

/** Turn 1: two proposals, a batch of three, one immediate write and a note; turn 2: the report. */
export function wakeScript(label: string): InstantTurn[] {
  return [
    {
      text: 'The entries say what is left. Proposing a clearer title, an estimate and the next steps.',
      calls: [
        { name: 'set_task_title', args: { title: `Bench wake task ${label}, clarified` } },
        { name: 'update_task_estimate', args: { minutes: 90 } },
        {
          name: 'add_multiple_checklist_items',
          args: {
            items: [
              { title: 'Write the migration plan' },
              { title: 'Ask Priya to review' },
              { title: 'Schedule the rollout' },
            ],
          },
        },
        { name: 'set_task_language', args: { languageCode: 'de' } },
        {
          name: 'record_observations',
          args: {
            observations: [
              { text: 'Depends on the vendor reply.', priority: 'high', category: 'dependency' },
            ],
          },
        },
      ],
    },
    {
      calls: [
        {
          name: 'update_report',
          args: {
            oneLiner: 'Half done; the rollout still needs a plan and a review.',
            tldr: 'The entries describe steady progress. I proposed a clearer title, a 90-minute estimate and three remaining steps.',
            content:
              '## What I read\n- Progress is steady.\n\n## What I proposed\n- Title, estimate, three checklist items.',
          },
        },
      ],
    },
  ];
}
/** What the script must leave behind: five queued items (title, estimate, three checklist items). */
export const WAKE_SCRIPT_PROPOSALS = 5;
