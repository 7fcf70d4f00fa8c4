/**
 * The server is up but the browser would not let this app read its answers (CORS).
 * A browser reports a CORS block exactly like an unreachable server, so this is only
 * raised once something has shown that the server itself answers (see testConnection).
 */
export class CrossOriginBlockedError extends Error {
  override readonly name = 'CrossOriginBlockedError';
  readonly url: string;

  constructor(url: string, options?: { cause?: unknown }) {
    super(
      `The server at ${url} answers, but not to requests from this app's origin (CORS).`,
      options,
    );
    this.url = url;
  }

  static isInstance(error: unknown): error is CrossOriginBlockedError {
    return error instanceof Error && error.name === 'CrossOriginBlockedError' && 'url' in error;
  }
}
