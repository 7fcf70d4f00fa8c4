/**
 * A TCP proxy in front of a server port that misbehaves on demand, so the uncertain
 * outcomes of a push can be produced deterministically:
 *   - `pass`:  forwards both ways;
 *   - `hold`:  forwards client→server but holds server→client bytes (a timeout after
 *              send: the server did the work, the client never hears back); switching
 *              back to `pass` delivers what was held;
 *   - `drop`:  closes every connection and refuses new ones (offline);
 *   - `reset`: forwards the next request, then resets the connection before the reply
 *              reaches the client (the answer is lost), and returns to `pass`.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type FaultMode = 'pass' | 'hold' | 'drop' | 'reset';

export interface FaultProxy {
  /** The port clients connect to instead of the server's. */
  readonly port: number;
  readonly url: string;
  readonly mode: FaultMode;
  /** Connections accepted and forwarded so far (refused ones are not counted). */
  readonly connectionsAccepted: number;
  setMode(mode: FaultMode): void;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  server: Socket;
  held: Buffer[];
  /** In `reset` mode: the client has sent something since the mode was set. */
  requestSent: boolean;
}

export async function startFaultProxy(targetPort: number, host = '127.0.0.1'): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  let accepted = 0;
  const links = new Set<Link>();

  const destroy = (link: Link, hard: boolean) => {
    links.delete(link);
    link.held = [];
    if (hard) link.client.resetAndDestroy();
    else link.client.destroy();
    link.server.destroy();
  };

  const server: Server = createServer((client) => {
    if (mode === 'drop') {
      client.destroy();
      return;
    }
    accepted++;
    const upstream = createConnection({ port: targetPort, host });
    const link: Link = { client, server: upstream, held: [], requestSent: false };
    links.add(link);
    client.on('data', (chunk: Buffer) => {
      if (mode === 'reset') link.requestSent = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'hold') {
        link.held.push(chunk);
      } else if (mode === 'reset' && link.requestSent) {
        // The server answered the request: lose the answer and the connection with it.
        mode = 'pass';
        destroy(link, true);
      } else {
        client.write(chunk);
      }
    });
    const close = () => destroy(link, false);
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(0, host, () => resolveListen());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The proxy has no port.');

  return {
    port: address.port,
    url: `nats://${host}:${address.port}`,
    get mode() {
      return mode;
    },
    get connectionsAccepted() {
      return accepted;
    },
    setMode(next) {
      const previous = mode;
      mode = next;
      if (next === 'drop') {
        for (const link of [...links]) destroy(link, false);
      }
      if (next === 'reset') {
        for (const link of links) link.requestSent = false;
      }
      if (previous === 'hold' && next === 'pass') {
        for (const link of links) {
          for (const chunk of link.held) link.client.write(chunk);
          link.held = [];
        }
      }
    },
    async close() {
      for (const link of [...links]) destroy(link, false);
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
