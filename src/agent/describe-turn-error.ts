/**
 * What went wrong with one answer of the model, in the words a wake and Test connection
 * both say: a stream that broke off, an error while streaming, or a failed request.
 */
import { StreamCutError, StreamReadError } from './read-model-turn';

interface Description {
  kind: string;
  message: string;
}

export function describeTurnError<D extends Description>(
  error: unknown,
  providerLabel: string,
  describe: (error: unknown, context: { whileStreaming: boolean }) => D,
): D | { kind: 'stream-cut'; message: string } {
  if (error instanceof StreamCutError) {
    return {
      kind: 'stream-cut',
      message: `The answer from ${providerLabel} broke off before it was complete. Nothing from that answer was kept. Try again.`,
    };
  }
  if (error instanceof StreamReadError) return describe(error.original, { whileStreaming: true });
  return describe(error, { whileStreaming: false });
}
