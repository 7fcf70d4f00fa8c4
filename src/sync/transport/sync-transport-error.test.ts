// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { classifySyncError, SyncTransportError } from './sync-transport-error';

/** Errors shaped like the NATS client's (name, message, code, cause), without loading it. */
function natsError(name: string, message: string, extra: { code?: number; cause?: Error } = {}) {
  const error = new Error(message, { cause: extra.cause }) as Error & { code?: number };
  error.name = name;
  if (extra.code !== undefined) Object.defineProperty(error, 'code', { value: extra.code });
  return error;
}

const classify = (error: unknown) =>
  classifySyncError(error, { doing: 'publishing operation x', maxPayload: 1_048_576 });

describe('classifySyncError', () => {
  it.each([
    [natsError('ConnectionError', 'connection refused'), 'unreachable', true],
    [natsError('AuthorizationError', 'Authorization Violation'), 'auth-failed', false],
    [
      natsError(
        'RequestError',
        'Permissions Violation for Publish to "$JS.API.STREAM.PURGE.CS_ALICE"',
      ),
      'permission-denied',
      false,
    ],
    [
      natsError('JetStreamNotEnabled', 'jetstream is not enabled', {
        cause: natsError('RequestError', "no responders: 'cs.alice.ops.x'"),
      }),
      'jetstream-unavailable',
      true,
    ],
    [
      natsError('StreamNotFoundError', 'stream not found', { code: 10059 }),
      'stream-missing',
      false,
    ],
    [
      natsError('InvalidArgumentError', "'payload' max_payload size exceeded"),
      'message-too-large',
      false,
    ],
    [
      natsError('JetStreamApiError', 'message size exceeds maximum allowed', { code: 10054 }),
      'message-too-large',
      false,
    ],
    [natsError('TimeoutError', 'timeout'), 'timeout', true],
    [natsError('ClosedConnectionError', 'closed connection'), 'disconnected', true],
    [natsError('JetStreamApiError', 'insufficient resources', { code: 10023 }), 'rejected', false],
    [
      natsError('InvalidSubjectTokenError', 'An operation id "a.b" cannot be used.'),
      'rejected',
      false,
    ],
  ])('maps %s to %s', (error, kind, retryable) => {
    const classified = classify(error);
    expect(classified).toBeInstanceOf(SyncTransportError);
    expect(classified.kind).toBe(kind);
    expect(classified.retryable).toBe(retryable);
    expect(classified.message).toMatch(/\(while publishing operation x\)\.$/);
  });

  it('counts a timeout and a silent JetStream as uncertain, a refusal as certain', () => {
    expect(classify(natsError('TimeoutError', 'timeout')).uncertain).toBe(true);
    expect(classify(natsError('JetStreamNotEnabled', 'jetstream is not enabled')).uncertain).toBe(
      true,
    );
    expect(classify(natsError('RequestError', 'Permissions Violation for Publish')).uncertain).toBe(
      false,
    );
    expect(classify(natsError('InvalidArgumentError', 'max_payload size exceeded')).uncertain).toBe(
      false,
    );
  });

  it("says how large a message may be when the server's limit is known", () => {
    expect(
      classify(natsError('InvalidArgumentError', 'max_payload size exceeded')).message,
    ).toMatch(/1048576 bytes/);
  });
});
