/**
 * The journal's stream at connect time: created by the person's first device with the
 * settings exactly-once rests on, verified by every later one. A stream with a wrong
 * setting is refused (naming it) rather than used: it could store an operation twice.
 */
import type { JetStreamManager, StreamInfo } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { streamConfigProblems, type JournalStreamConfig } from './stream-config';
import type { StreamStatus } from './sync-transport';
import { JS_ERROR, jetStreamErrorCode, SyncTransportError } from './sync-transport-error';

export interface EnsureOptions {
  /** False when the operator creates streams: a missing one is then reported, not made. */
  createStream: boolean;
  fail: (error: unknown, doing: string) => SyncTransportError;
}

export async function ensureJournalStream(
  connection: NatsConnection,
  jsm: JetStreamManager,
  expected: JournalStreamConfig,
  { createStream, fail }: EnsureOptions,
): Promise<StreamStatus> {
  const doing = `checking the journal's stream ${expected.name}`;
  let created = false;
  let info: StreamInfo;
  try {
    info = await jsm.streams.info(expected.name);
  } catch (error) {
    if (jetStreamErrorCode(error) !== JS_ERROR.streamNotFound) {
      throw isTimeout(error)
        ? await explainTimeout(connection, error, doing, fail)
        : fail(error, doing);
    }
    if (!createStream) throw fail(error, doing);
    try {
      info = await jsm.streams.add(expected);
      created = true;
    } catch (createError) {
      const code = jetStreamErrorCode(createError);
      // Another device of this person created it a moment ago: verify theirs.
      if (code !== JS_ERROR.maximumStreamsReached && code !== JS_ERROR.streamNameInUse) {
        const reason = fail(createError, `creating the journal's stream ${expected.name}`);
        throw new SyncTransportError(
          'stream-missing',
          `The journal's stream ${expected.name} does not exist and this device cannot ` +
            `create it: ${reason.message} Ask the server's operator to create it.`,
          reason.retryable,
          false,
          { cause: createError },
        );
      }
      info = await jsm.streams.info(expected.name).catch((again: unknown) => {
        throw fail(again, doing);
      });
    }
  }
  const problems = streamConfigProblems(expected, info.config);
  if (problems.length > 0) {
    throw new SyncTransportError(
      'stream-misconfigured',
      `The stream ${expected.name} is set up wrongly for a journal: ${problems.join('; ')}. ` +
        "Ask the server's operator to recreate it: as it is, an operation could be stored twice or lost.",
      false,
      false,
    );
  }
  return {
    stream: expected.name,
    created,
    messages: info.state.messages,
    lastSeq: info.state.last_seq,
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

/** A JetStream request timed out: tell a dead link from a server whose JetStream is silent. */
async function explainTimeout(
  connection: NatsConnection,
  error: unknown,
  doing: string,
  fail: EnsureOptions['fail'],
): Promise<SyncTransportError> {
  try {
    await connection.rtt();
  } catch {
    return fail(error, doing);
  }
  // A node without JetStream may still reach it through its cluster: this is a hint only.
  const offered = connection.info?.jetstream === true;
  return new SyncTransportError(
    'jetstream-unavailable',
    offered
      ? `The server answers but JetStream does not (while ${doing}): the cluster may be ` +
          'electing a leader; this is retried.'
      : `The server answers but does not offer JetStream (while ${doing}): enable ` +
          '`jetstream` in its configuration. This is retried.',
    true,
    true,
    { cause: error },
  );
}
