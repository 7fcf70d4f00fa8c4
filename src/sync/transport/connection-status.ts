/** The NATS connection's status events, in the transport's words. */
import type { NatsConnection } from '@nats-io/nats-core';

export type ConnectionEvent = 'disconnected' | 'reconnecting' | 'reconnected' | 'closed';

export async function watchStatus(
  connection: NatsConnection,
  report: (event: ConnectionEvent) => void,
): Promise<void> {
  const events: Partial<Record<string, ConnectionEvent>> = {
    disconnect: 'disconnected',
    reconnecting: 'reconnecting',
    reconnect: 'reconnected',
    close: 'closed',
  };
  for await (const status of connection.status()) {
    const event = events[status.type];
    if (event) report(event);
  }
  report('closed');
}
