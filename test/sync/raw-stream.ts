/**
 * What the server's operator holds: every message of a journal's stream as stored, read
 * over a connection of its own (subject, headers and body), for the tests and journeys
 * that prove the server sees nothing readable. Alice's journal unless told otherwise.
 */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { readSigned } from '../../src/sync/seal/signed-message';

export interface RawMessage {
  subject: string;
  /** Every header as `name: value`, one a line. */
  headers: string;
  data: Uint8Array;
  /** The body inside the device's signature (as sealed, or plain): `data` when unsigned. */
  body: Uint8Array;
}

function unsigned(subject: string, data: Uint8Array): Uint8Array {
  const signed = readSigned(subject, data);
  return signed.kind === 'signed' ? signed.body : data;
}

export async function rawStream(
  url: string,
  { user, password }: { user: string; password: string } = { user: 'alice', password: 'alice' },
): Promise<RawMessage[]> {
  const connection = await connect({ servers: url, user, pass: password });
  const stream = `CS_${user.toUpperCase()}`;
  try {
    const jsm = await jetstreamManager(connection, { timeout: 2_000 });
    const { state } = await jsm.streams.info(stream);
    const consumer = await jetstream(connection).consumers.get(stream, { opt_start_seq: 1 });
    const batch = await consumer.fetch({ max_messages: state.messages, expires: 5_000 });
    const messages: RawMessage[] = [];
    for await (const message of batch) {
      const headers = message.headers
        ? [...message.headers.keys()].map((key) => `${key}: ${message.headers!.get(key)}`)
        : [];
      messages.push({
        subject: message.subject,
        headers: headers.join('\n'),
        data: message.data,
        body: unsigned(message.subject, message.data),
      });
      if (message.seq >= state.last_seq) break;
    }
    if (messages.length !== state.messages)
      throw new Error(`read ${messages.length} of the stream's ${state.messages} messages`);
    return messages;
  } finally {
    await connection.close();
  }
}

/** A message as the operator would search it: subject, headers and body as bytes read as text. */
export function readable(message: RawMessage): string {
  return `${message.subject}\n${message.headers}\n${new TextDecoder('latin1').decode(message.data)}`;
}
