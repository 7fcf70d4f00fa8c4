/**
 * What went wrong with one answer of the model, in the words a wake and Test connection
 * both say: a stream that broke off, an error while streaming, or a failed request.
 */
import { countOf } from '../lib/count-of';
import { StreamCutError, StreamReadError } from './read-model-turn';
import { TurnOutputCapError } from './turn-output-cap';

interface Description {
  kind: string;
  message: string;
}

export function describeTurnError<D extends Description>(
  error: unknown,
  providerLabel: string,
  describe: (error: unknown, context: { whileStreaming: boolean }) => D,
): D | { kind: 'stream-cut' | 'output-cap'; message: string } {
  if (error instanceof TurnOutputCapError) {
    return {
      kind: 'output-cap',
      message: `The answer from ${providerLabel} went past ${countOf(error.cap, 'character')} in one turn (words, reasoning and tool-call arguments together), far more than the agent ever needs, so Countersign stopped reading it. The model may be repeating itself: try again, or choose another model.`,
    };
  }
  if (error instanceof StreamCutError) {
    return {
      kind: 'stream-cut',
      message: `The answer from ${providerLabel} broke off before it was complete. Nothing from that answer was kept. Try again.`,
    };
  }
  if (error instanceof StreamReadError) return describe(error.original, { whileStreaming: true });
  return describe(error, { whileStreaming: false });
}
