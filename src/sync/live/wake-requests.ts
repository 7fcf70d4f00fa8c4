/**
 * "Wake on ‹agent device›": a device with no model asks an agent device to wake a task.
 * A live request, not a stored row: core NATS request and reply on `cs-live.<user>.wake`,
 * outside the journal's stream (a subject of `cs.<user>.>` would be stored by it), with
 * its own permission in sync-server/accounts.conf. Agent devices answer in one queue
 * group, so one of them takes each request; "no responders" means none is online, which
 * the asking device says in words. Both bodies are sealed under the journal key in an
 * encrypted journal (a plain one is refused there) and parsed with zod on receipt.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { z } from 'zod';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { open, sealWhenKeyed } from '../seal/seal';
import { browserConnect, type NatsConnect } from '../transport/nats-transport';

const QUEUE = 'agent-devices';

const requestSchema = z
  .object({ v: z.literal(1), taskId: z.string().min(1).max(100), from: z.string().max(100) })
  .strict();
const answerSchema = z
  .object({
    v: z.literal(1),
    accepted: z.boolean(),
    /** The agent device's name, as the asking device shows it ("home-server"). */
    agent: z.string().min(1).max(60),
    message: z.string().max(500),
  })
  .strict();
export type WakeAnswer = z.infer<typeof answerSchema>;

export type AskResult =
  | { kind: 'answered'; answer: WakeAnswer }
  | { kind: 'none-online' }
  | { kind: 'failed'; message: string };

function wakeRequestSubject(user: string): string {
  return `cs-live.${user}.wake`;
}

async function sealJson(subject: string, ring: KeyRing, value: unknown): Promise<Uint8Array> {
  return sealWhenKeyed(subject, ring, new TextEncoder().encode(JSON.stringify(value)));
}

/** The body opened and parsed, or undefined (unsealed in a keyed journal, unreadable, or wrong). */
async function openJson<T>(
  subject: string,
  ring: KeyRing,
  bytes: Uint8Array,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const opened = await open(subject, ring, bytes);
  const readable = opened.outcome === 'opened' || (opened.outcome === 'plain' && !newestKey(ring));
  if (!readable) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(new TextDecoder().decode(opened.plaintext)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function askToWake(options: {
  connection: NatsConnection;
  user: string;
  ring: KeyRing;
  taskId: string;
  deviceId: string;
  timeoutMs?: number;
}): Promise<AskResult> {
  const subject = wakeRequestSubject(options.user);
  const body = { v: 1, taskId: options.taskId, from: options.deviceId };
  try {
    const reply = await options.connection.request(
      subject,
      await sealJson(subject, options.ring, body),
      { timeout: options.timeoutMs ?? 5_000 },
    );
    const answer = await openJson(subject, options.ring, reply.data, answerSchema);
    return answer
      ? { kind: 'answered', answer }
      : { kind: 'failed', message: 'The agent device answered in a way this app cannot read.' };
  } catch (error) {
    const text = String(error);
    if (/no responders|503/i.test(text)) return { kind: 'none-online' };
    return {
      kind: 'failed',
      message: /timeout/i.test(text)
        ? 'The agent device did not answer in time.'
        : `The request did not reach the agent device (${text}).`,
    };
  }
}

/** Answers wake requests until `stop`: `handle` decides and says what it did. */
export function answerWakeRequests(options: {
  connection: NatsConnection;
  user: string;
  ring: () => Promise<KeyRing>;
  agent: string;
  handle(request: {
    taskId: string;
    from: string;
  }): Promise<{ accepted: boolean; message: string }>;
  onRefused(reason: string): void;
}): { stop(): void } {
  const subject = wakeRequestSubject(options.user);
  const subscription = options.connection.subscribe(subject, {
    queue: QUEUE,
    callback: (error, message) => {
      if (error) return options.onRefused(String(error));
      void (async () => {
        const ring = await options.ring();
        const request = await openJson(subject, ring, message.data, requestSchema);
        const outcome = request
          ? await options.handle(request)
          : { accepted: false, message: 'The request could not be read, so nothing was woken.' };
        if (!request) options.onRefused(outcome.message);
        const answer: WakeAnswer = { v: 1, agent: options.agent, ...outcome };
        message.respond(await sealJson(subject, ring, answer));
      })().catch((cause: unknown) => options.onRefused(String(cause)));
    },
  });
  return { stop: () => subscription.unsubscribe() };
}

/** A connection for live messages only, with the sync settings' server and credentials. */
export async function openLiveConnection(options: {
  servers: string | string[];
  credentials: { user: string; pass: string } | { token: string };
  connect?: NatsConnect;
  name?: string;
  /** An agent device waits for a server that is down at start; a person's request does not. */
  waitForServer?: boolean;
}): Promise<NatsConnection> {
  const connect: NatsConnect = options.connect ?? (await browserConnect());
  return connect({
    servers: options.servers,
    ...options.credentials,
    ...(options.name ? { name: options.name } : {}),
    ...(options.waitForServer
      ? { waitOnFirstConnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 2_000 }
      : { timeout: 5_000, maxReconnectAttempts: 0 }),
  });
}
