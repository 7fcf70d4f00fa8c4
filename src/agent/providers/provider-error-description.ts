/** What went wrong with a provider, as a kind the app acts on and words a person reads. */
export type ProviderErrorKind =
  | 'unreachable'
  | 'cors'
  | 'unauthorized'
  | 'forbidden'
  | 'unknown-model'
  | 'rate-limited'
  | 'server-error'
  | 'timeout'
  | 'no-tool-support'
  | 'no-tool-streaming'
  | 'not-a-stream'
  | 'server-setup'
  | 'reasoning-refused'
  | 'stream-cut'
  | 'output-cap'
  | 'cancelled'
  | 'bad-response'
  | 'unknown';

export interface ProviderErrorDescription {
  kind: ProviderErrorKind;
  message: string;
  /** Only for `rate-limited`, when the server said how long to wait. */
  retryAfterSeconds?: number;
}
