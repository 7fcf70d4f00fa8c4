/**
 * One session of the journal feed on NATS: an ordered consumer from a start sequence,
 * with the client's heartbeat notifications passed on to the feed's watchdog
 * (ordered-feed.ts), which decides when to give up on it and open another.
 */
import type { JetStreamClient } from '@nats-io/jetstream';
import type { FeedSession } from './ordered-feed';
import { kindOfSubject } from './sync-subjects';
import type { SyncMessage } from './sync-transport';

export async function openOrderedConsumer(
  js: JetStreamClient,
  plan: {
    stream: string;
    user: string;
    startSeq: number;
    idleHeartbeatMs: number;
    onAlive: () => void;
    onStalled: () => void;
  },
): Promise<FeedSession> {
  // No filter: the stream holds only this person's subjects, and a filter would need one
  // more permission shape (CONSUMER.CREATE.<stream>.<name>.<filter>).
  const consumer = await js.consumers.get(plan.stream, { opt_start_seq: plan.startSeq });
  const messages = await consumer.consume({
    idle_heartbeat: plan.idleHeartbeatMs,
    expires: Math.max(plan.idleHeartbeatMs * 5, 10_000),
    max_messages: 256,
  });
  void (async () => {
    for await (const status of messages.status()) {
      if (status.type === 'heartbeat' || status.type === 'ordered_consumer_recreated') {
        plan.onAlive();
      } else if (status.type === 'heartbeats_missed') {
        plan.onStalled();
      }
    }
  })().catch(() => undefined);
  async function* mapped(): AsyncGenerator<SyncMessage> {
    for await (const message of messages) {
      yield {
        seq: message.seq,
        subject: message.subject,
        kind: kindOfSubject(plan.user, message.subject),
        data: message.data,
        time: message.time.toISOString(),
      };
    }
  }
  return {
    messages: mapped(),
    stop: () => {
      messages.stop();
      // Ephemeral and in memory; the server also drops it after 5 idle minutes.
      consumer.delete().catch(() => undefined);
    },
  };
}
