/**
 * Real nats-server processes for integration tests: a single node or a 3-node cluster on
 * free loopback ports, each with its own temporary store, started from generated configs
 * that include the repository's own `sync-server/accounts.conf` (so tests exercise the
 * real accounts and permissions). Every process is killed on `stop()` and, as a last
 * resort, when the test process exits.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findNatsServer, NATS_SERVER_MISSING } from '../../sync-server/find-nats-server.mjs';
import { startNatsProcess, type NatsProcess } from '../../sync-server/nats-process.mjs';

const ACCOUNTS_CONF = resolve(import.meta.dirname, '../../sync-server/accounts.conf');
const READY_TIMEOUT_MS = 15_000;

export interface NatsNode {
  readonly name: string;
  /** `nats://127.0.0.1:<port>` for Node clients. */
  readonly url: string;
  readonly clientPort: number;
  /** `ws://127.0.0.1:<port>` for browsers. */
  readonly websocketUrl: string;
  readonly monitorPort: number;
  readonly clusterPort: number | undefined;
  readonly running: boolean;
  /** SIGKILL, as a crash would: no graceful shutdown, no leadership hand-over. */
  kill(): Promise<void>;
}

export interface NatsTestServer {
  readonly nodes: readonly NatsNode[];
  /** Client URLs of every node (give them all to a client so it can fail over). */
  readonly urls: string[];
  node(name: string): NatsNode;
  /** Stops every node still running and deletes the stores. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** false starts a server without JetStream (to test that error). */
  jetstream?: boolean;
  /** Another accounts file instead of the repository's (the load test's many people). */
  accountsConf?: string;
}

/** One node with JetStream, WebSocket and the repository's accounts. */
export async function startNatsServer(options: StartOptions = {}): Promise<NatsTestServer> {
  return startNodes(1, options.jetstream ?? true, options.accountsConf ?? ACCOUNTS_CONF);
}

/** Three routed nodes (`n1`..`n3`) that form one JetStream cluster. */
export async function startNatsCluster(
  options: Pick<StartOptions, 'accountsConf'> = {},
): Promise<NatsTestServer> {
  return startNodes(3, true, options.accountsConf ?? ACCOUNTS_CONF);
}

interface NodePlan {
  name: string;
  clientPort: number;
  websocketPort: number;
  monitorPort: number;
  clusterPort: number | undefined;
  dir: string;
}

/**
 * Free ports are picked before the servers bind them, so another test file starting its own
 * servers at the same moment can take one first. That start is retried on fresh ports; any
 * other failure is thrown at once.
 */
async function startNodes(
  count: number,
  jetstream: boolean,
  accountsConf: string,
): Promise<NatsTestServer> {
  const binary = findNatsServer();
  if (!binary) throw new Error(NATS_SERVER_MISSING);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startNodesOnce(binary, count, jetstream, accountsConf);
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !String(error).includes('address already in use')) {
        throw error;
      }
    }
  }
}

const PORT_ATTEMPTS = 3;

async function startNodesOnce(
  binary: string,
  count: number,
  jetstream: boolean,
  accountsConf: string,
): Promise<NatsTestServer> {
  const root = mkdtempSync(join(tmpdir(), 'countersign-nats-'));
  const clustered = count > 1;
  const plans: NodePlan[] = [];
  for (let index = 1; index <= count; index++) {
    const [clientPort, websocketPort, monitorPort, clusterPort] = await freePorts(4);
    plans.push({
      name: `n${index}`,
      clientPort: clientPort!,
      websocketPort: websocketPort!,
      monitorPort: monitorPort!,
      clusterPort: clustered ? clusterPort : undefined,
      dir: join(root, `n${index}`),
    });
  }
  const nodes: ProcessNode[] = [];
  try {
    for (const plan of plans) {
      const peers = plans.filter((other) => other !== plan);
      nodes.push(launch(binary, plan, peers, jetstream, accountsConf));
    }
    await Promise.all(nodes.map((node) => node.ready));
    await Promise.all(nodes.map((node) => waitHealthy(node, jetstream)));
    if (jetstream && clustered) await Promise.all(nodes.map((node) => waitMetaLeader(node, count)));
  } catch (error) {
    await Promise.all(nodes.map((node) => node.kill()));
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    nodes,
    urls: nodes.map((node) => node.url),
    node(name) {
      const found = nodes.find((node) => node.name === name);
      if (!found) throw new Error(`No node named ${name}.`);
      return found;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all(nodes.map((node) => node.terminate()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function nodeConfig(plan: NodePlan, peers: NodePlan[], jetstream: boolean): string {
  const lines = [
    `server_name: ${plan.name}`,
    'host: 127.0.0.1',
    `port: ${plan.clientPort}`,
    `http: "127.0.0.1:${plan.monitorPort}"`,
    `websocket { host: 127.0.0.1, port: ${plan.websocketPort}, no_tls: true }`,
  ];
  if (jetstream) {
    lines.push(
      `jetstream { store_dir: "${join(plan.dir, 'store')}", max_memory_store: 256MB, max_file_store: 1GB }`,
    );
  }
  if (plan.clusterPort !== undefined) {
    const routes = peers.map((peer) => `"nats-route://127.0.0.1:${peer.clusterPort}"`).join(', ');
    lines.push(
      `cluster { name: countersign-test, host: 127.0.0.1, port: ${plan.clusterPort}, routes: [${routes}] }`,
    );
  }
  lines.push('include ./accounts.conf');
  return `${lines.join('\n')}\n`;
}

interface ProcessNode extends NatsNode {
  readonly ready: Promise<void>;
  terminate(): Promise<void>;
}

const liveProcesses = new Set<NatsProcess>();
process.once('exit', () => {
  for (const started of liveProcesses) started.child.kill('SIGKILL');
});

function launch(
  binary: string,
  plan: NodePlan,
  peers: NodePlan[],
  jetstream: boolean,
  accountsConf: string,
): ProcessNode {
  mkdirSync(plan.dir, { recursive: true });
  copyFileSync(accountsConf, join(plan.dir, 'accounts.conf'));
  const configPath = join(plan.dir, 'nats.conf');
  writeFileSync(configPath, nodeConfig(plan, peers, jetstream));
  const started = startNatsProcess(binary, configPath, { name: `nats-server ${plan.name}` });
  liveProcesses.add(started);
  void started.exited.then(() => liveProcesses.delete(started));
  return {
    name: plan.name,
    url: `nats://127.0.0.1:${plan.clientPort}`,
    clientPort: plan.clientPort,
    websocketUrl: `ws://127.0.0.1:${plan.websocketPort}`,
    monitorPort: plan.monitorPort,
    clusterPort: plan.clusterPort,
    get running() {
      return started.running;
    },
    ready: started.ready,
    kill: () => started.stop('SIGKILL'),
    terminate: () => started.stop('SIGTERM'),
  };
}

/** Ready means the monitor says healthy: with JetStream, a meta leader exists (clustered). */
async function waitHealthy(node: NatsNode, jetstream: boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const url = `http://127.0.0.1:${node.monitorPort}/${jetstream ? 'healthz?js-enabled=true' : 'healthz'}`;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      last = await response.text();
      if (response.ok) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  throw new Error(`nats-server ${node.name} never became healthy: ${last}`);
}

/** A clustered node is usable once it knows the whole cluster and its JetStream meta leader. */
async function waitMetaLeader(node: NatsNode, size: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${node.monitorPort}/jsz`);
      const body = (await response.json()) as {
        meta_cluster?: { leader?: string; cluster_size?: number };
      };
      last = JSON.stringify(body.meta_cluster);
      if (body.meta_cluster?.leader && body.meta_cluster.cluster_size === size) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  throw new Error(`nats-server ${node.name} has no JetStream meta leader: ${last}`);
}

/** Distinct free TCP ports on loopback (the OS picks them; a tiny race is acceptable in tests). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolveServer, rejectServer) => {
          const server = createServer();
          server.once('error', rejectServer);
          server.listen(0, '127.0.0.1', () => resolveServer(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('No port assigned.');
    return address.port;
  });
  await Promise.all(
    servers.map(
      (server) => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
    ),
  );
  return ports;
}
