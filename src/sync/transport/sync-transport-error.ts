/**
 * Every failure of the sync transport, as one error class with a stable `kind`, a
 * message written for the person (Settings → Sync shows it), and two flags the push
 * runtime acts on:
 *   - `retryable`: trying again later can succeed (offline, timeout, leader election);
 *   - `uncertain`: a write may have landed although no answer came back, so it must be
 *     reconciled ("did it land?") rather than assumed lost.
 * The classifier reads error names and codes only, so it needs no NATS import.
 */

export type SyncErrorKind =
  | 'unreachable'
  | 'auth-failed'
  | 'permission-denied'
  | 'jetstream-unavailable'
  | 'stream-missing'
  | 'stream-misconfigured'
  | 'message-too-large'
  | 'timeout'
  | 'disconnected'
  | 'rejected'
  | 'unknown';

export class SyncTransportError extends Error {
  override readonly name = 'SyncTransportError';
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
    readonly retryable: boolean,
    readonly uncertain: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** JetStream API error codes this module relies on (see nats-server's errors.json). */
export const JS_ERROR = {
  streamNotFound: 10059,
  jetStreamNotEnabledForAccount: 10039,
  jetStreamNotEnabled: 10076,
  wrongLastSequence: 10071,
  /** "maximum messages per subject exceeded": with discard-new-per-subject, the copy is already there. */
  maxMessagesPerSubjectExceeded: 10077,
  messageTooLarge: 10054,
  maximumStreamsReached: 10027,
  streamNameInUse: 10058,
} as const;

interface ErrorShape {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
}

function shape(error: unknown): ErrorShape {
  return typeof error === 'object' && error !== null ? (error as ErrorShape) : {};
}

/** The JetStream API error code (`err_code`) of an error or any of its causes. */
export function jetStreamErrorCode(error: unknown): number | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { name, code, cause } = shape(current);
    if (typeof code === 'number' && code >= 10000 && typeof name === 'string') return code;
    current = cause;
  }
  return undefined;
}

function names(error: unknown): string[] {
  const found: string[] = [];
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { name, message, cause } = shape(current);
    found.push(`${String(name)}: ${String(message)}`);
    current = cause;
  }
  return found;
}

function has(error: unknown, pattern: RegExp): boolean {
  return names(error).some((line) => pattern.test(line));
}

export interface ClassifyContext {
  /** What was being done, for the message: "publishing the operation", "connecting". */
  doing: string;
  /** The server's limit, when known, to say how large a message may be. */
  maxPayload?: number | undefined;
}

/** Turns whatever the NATS client threw into a SyncTransportError. */
export function classifySyncError(error: unknown, context: ClassifyContext): SyncTransportError {
  if (error instanceof SyncTransportError) return error;
  const make = (kind: SyncErrorKind, text: string, retryable: boolean, uncertain: boolean) =>
    new SyncTransportError(kind, `${text} (while ${context.doing}).`, retryable, uncertain, {
      cause: error,
    });
  const code = jetStreamErrorCode(error);

  if (has(error, /^InvalidSubjectTokenError/)) {
    const { message } = shape(error);
    return make('rejected', String(message).replace(/\.$/, ''), false, false);
  }
  if (code === JS_ERROR.streamNotFound) {
    return make(
      'stream-missing',
      "The journal's stream does not exist on the server",
      false,
      false,
    );
  }
  if (code === JS_ERROR.messageTooLarge || has(error, /max_payload|maximum payload/i)) {
    const limit = context.maxPayload ? ` (the server allows ${context.maxPayload} bytes)` : '';
    return make(
      'message-too-large',
      `The message is larger than the server accepts${limit}`,
      false,
      false,
    );
  }
  if (code === JS_ERROR.jetStreamNotEnabledForAccount || code === JS_ERROR.jetStreamNotEnabled) {
    return make(
      'jetstream-unavailable',
      'JetStream is not enabled for this account on the server; it may also be electing a leader, so this is retried',
      true,
      true,
    );
  }
  if (has(error, /^AuthorizationError|Authorization Violation|authentication/i)) {
    return make('auth-failed', 'The server refused the user name, password or token', false, false);
  }
  if (has(error, /^UserAuthenticationExpiredError/)) {
    return make('auth-failed', 'The sync credentials have expired', false, false);
  }
  if (has(error, /Permissions? Violation|^PermissionViolationError/i)) {
    return make(
      'permission-denied',
      'The server does not allow this device to do that (check the account permissions)',
      false,
      false,
    );
  }
  if (has(error, /^JetStreamNotEnabled|^NoResponders|no responders/i)) {
    return make(
      'jetstream-unavailable',
      'JetStream did not answer: it is not enabled, or the cluster is electing a leader; this is retried',
      true,
      true,
    );
  }
  if (has(error, /^TimeoutError/)) {
    return make('timeout', 'The server did not answer in time', true, true);
  }
  if (has(error, /^ClosedConnectionError|^DrainingConnectionError/)) {
    return make('disconnected', 'The connection to the sync server is closed', true, false);
  }
  if (has(error, /^ConnectionError|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|WebSocket/i)) {
    return make('unreachable', 'The sync server cannot be reached', true, true);
  }
  if (code !== undefined) {
    const { message } = shape(error);
    return make(
      'rejected',
      `The server refused it: ${String(message)} (code ${code})`,
      false,
      false,
    );
  }
  const { message } = shape(error);
  return make('unknown', `Unexpected sync error: ${String(message ?? error)}`, true, true);
}
