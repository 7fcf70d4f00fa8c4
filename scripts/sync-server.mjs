// `npm run sync-server`: a local Countersign sync server (nats-server with JetStream and
// WebSocket, from the config in sync-server/), until Ctrl-C.
//
//   npm run sync-server                          one node, data in .sync-server-data/
//   npm run sync-server -- --data-dir /some/dir  keep the data elsewhere
//   npm run sync-server -- --cluster             three routed nodes (sync-server/cluster/)
//   npm run sync-server -- --check               only check that every config is valid
//   npm run sync-server -- --compact [--help]    compact the journals of a running server
//
// nats-server is looked up in $NATS_SERVER, PATH, /usr/sbin, /usr/local/bin and /usr/bin.
// When it is missing, root on Debian/Ubuntu gets Debian's package installed; anyone else
// is told exactly what to install. See docs/sync-server.md for running it for real.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCompaction } from '../sync-server/compact-command.mjs';
import { ensureNatsServer } from '../sync-server/find-nats-server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG_DIR = join(ROOT, 'sync-server');

const SINGLE = [{ name: 'countersign-local', config: 'nats.conf', client: 4222, websocket: 9222 }];
const CLUSTER = [1, 2, 3].map((index) => ({
  name: `countersign-n${index}`,
  config: `cluster/node-${index}.conf`,
  client: 4230 + index,
  websocket: 9230 + index,
}));

function parseArguments(argv) {
  const options = { cluster: false, check: false, dataDir: join(ROOT, '.sync-server-data') };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--cluster') options.cluster = true;
    else if (argument === '--check') options.check = true;
    else if (argument === '--data-dir' && argv[index + 1]) options.dataDir = resolve(argv[++index]);
    else if (argument === '--help' || argument === '-h') options.help = true;
    else {
      console.error(`Unknown argument "${argument}". Try --help.`);
      process.exit(2);
    }
  }
  return options;
}

function checkConfigs(binary) {
  let ok = true;
  for (const node of [...SINGLE, ...CLUSTER]) {
    const result = spawnSync(binary, ['-c', join(CONFIG_DIR, node.config), '-t'], {
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`.trim();
    console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} sync-server/${node.config}: ${output}`);
    ok &&= result.status === 0;
  }
  return ok;
}

function start(binary, nodes, dataDir) {
  const children = nodes.map((node) => {
    const storeDir = join(dataDir, nodes.length > 1 ? `cluster/${node.name}` : 'single');
    mkdirSync(storeDir, { recursive: true });
    const child = spawn(binary, ['-c', join(CONFIG_DIR, node.config), '--store_dir', storeDir], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return { node, child, exited: new Promise((resolveExit) => child.once('exit', resolveExit)) };
  });

  console.log(`
Countersign sync server (${nodes.length === 1 ? 'one node' : `${nodes.length}-node cluster`}), data in ${dataDir}
  browsers (Settings → Sync):  ${nodes.map((node) => `ws://127.0.0.1:${node.websocket}`).join(', ')}
  NATS clients:                ${nodes.map((node) => `nats://127.0.0.1:${node.client}`).join(', ')}
  example users (examples only, change them for anything real):
    user "alice", password "alice"  → journal subjects cs.alice.>, stream CS_ALICE
    user "bob",   password "bob"    → journal subjects cs.bob.>,   stream CS_BOB
Ctrl-C stops it.
`);

  let stopping = false;
  const stop = async (signal, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nStopping the sync server (${signal})…`);
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
    const forced = setTimeout(() => {
      for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    }, 5_000);
    await Promise.all(children.map(({ exited }) => exited));
    clearTimeout(forced);
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // One node dying on its own (a port in use, a bad config) stops the whole run.
  for (const { node, exited } of children) {
    void exited.then((code) => {
      if (stopping) return;
      console.error(`nats-server ${node.name} exited (code ${code}); stopping.`);
      void stop('a node exited', 1);
    });
  }
}

if (process.argv.includes('--compact')) process.exit(await runCompaction(process.argv.slice(2)));
const options = parseArguments(process.argv.slice(2));
if (options.help) {
  console.log(
    'Usage: npm run sync-server [-- --cluster] [-- --data-dir DIR] [-- --check] [-- --compact]\nSee docs/sync-server.md.',
  );
  process.exit(0);
}
const binary = ensureNatsServer();
if (!binary) process.exit(1);
if (options.check) process.exit(checkConfigs(binary) ? 0 : 1);
start(binary, options.cluster ? CLUSTER : SINGLE, options.dataDir);
