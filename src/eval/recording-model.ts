/**
 * The model as the eval sees it: the provider's own LanguageModelV4, passed through
 * untouched, with every tool call it sends and the tokens it reports written down. The
 * wake cannot tell the difference; the eval can score what the model attempted, not only
 * what the app let through.
 */
import type {
  LanguageModelV4,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';

export interface AttemptedCall {
  toolName: string;
  /** The arguments as sent (usually a JSON string). */
  input: unknown;
}

export interface ModelRecord {
  requests: number;
  calls: AttemptedCall[];
  inputTokens: number;
  outputTokens: number;
}

export function recordingModel(model: LanguageModelV4): {
  model: LanguageModelV4;
  record: ModelRecord;
} {
  const record: ModelRecord = { requests: 0, calls: [], inputTokens: 0, outputTokens: 0 };
  const count = (usage: LanguageModelV4Usage | undefined) => {
    record.inputTokens += usage?.inputTokens.total ?? 0;
    record.outputTokens += usage?.outputTokens.total ?? 0;
  };
  const keep = (part: LanguageModelV4StreamPart | LanguageModelV4Content) => {
    if (part.type === 'tool-call')
      record.calls.push({ toolName: part.toolName, input: part.input });
  };
  const recorded: LanguageModelV4 = {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    async doGenerate(options) {
      record.requests += 1;
      const result = await model.doGenerate(options);
      result.content.forEach(keep);
      count(result.usage);
      return result;
    },
    async doStream(options) {
      record.requests += 1;
      const result = await model.doStream(options);
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            keep(part);
            if (part.type === 'finish') count(part.usage);
            controller.enqueue(part);
          },
        }),
      );
      return { ...result, stream };
    },
  };
  return { model: recorded, record };
}
