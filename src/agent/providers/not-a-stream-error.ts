/** The server answered a streamed request with one JSON body: it does not stream. */
export class NotAStreamError extends Error {
  override readonly name = 'NotAStreamError';
}
