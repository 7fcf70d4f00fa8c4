/**
 * A whole answer (one JSON body) is read by the AI SDK into memory before it is parsed, up
 * to 2 GB: more than the engine's longest string. Streams are capped per turn as they are
 * read (turn-output-cap.ts); a JSON body is capped here, by its bytes.
 */

/** A whole answer asked for 2,048 output tokens fits in a few kilobytes. */
export const MAX_WHOLE_ANSWER_BYTES = 4 * 1024 * 1024;

class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
  constructor(readonly capBytes: number) {
    super(`The answer passed ${capBytes} bytes.`);
  }
}

export function cappedFetch(
  fetchFunction: typeof fetch = (input, init) => globalThis.fetch(input, init),
  capBytes = MAX_WHOLE_ANSWER_BYTES,
): typeof fetch {
  return async (input, init) => {
    const response = await fetchFunction(input, init);
    if (!response.body || !/json/i.test(response.headers.get('content-type') ?? '')) {
      return response;
    }
    let bytes = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          if (bytes > capBytes) controller.error(new AnswerTooLargeError(capBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
