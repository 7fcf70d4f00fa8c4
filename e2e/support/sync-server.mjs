// The sync server of the Playwright sync journeys (started by playwright.config.ts): a
// nats-server with JetStream and WebSocket on fixed loopback ports of its own, a fresh
// store in a temp dir, and many example journals (accounts e2e01…e2e64, each like
// sync-server/accounts.conf's alice: its own subjects and stream, least privilege, and a
// maintenance user `e2eNN-maintenance` for the operator's compaction), so
// every journey and every run gets a journal of its own. The benchmark (measure-sync.mjs)
// starts it too, with fewer and larger journals.
//
// An HTTP side door on --port answers GET /health, and GET /lease with the next unused
// journal: {ok, url, user, password}. Without nats-server it still answers, with
// {ok: false, error} saying exactly what to install: the journeys then fail with those
// words instead of being skipped, and the other journeys are not held up.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNatsServer, NATS_SERVER_MISSING } from '../../sync-server/find-nats-server.mjs';
import { startNatsProcess } from '../../sync-server/nats-process.mjs';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}
// The benchmark asks for a few large journals (--journals 2 --journal-mb 256).
const JOURNALS = option('journals', 64);
const JOURNAL_MB = option('journal-mb', 12);
const HTTP_PORT = option('port', 14224);
const CLIENT_PORT = option('client-port', 14222);
const WEBSOCKET_PORT = option('ws-port', 14223);

function account(index) {
  const user = `e2e${String(index).padStart(2, '0')}`;
  const stream = `CS_${user.toUpperCase()}`;
  return `  ${user.toUpperCase()} {
    jetstream { max_memory: 2MB, max_file: ${JOURNAL_MB}MB, max_streams: 1, max_consumers: 64 }
    users: [{
      user: ${user}, password: ${user}
      permissions: {
        publish: {
          allow: ["cs.${user}.>", "cs-live.${user}.>", "$JS.API.INFO", "$JS.API.STREAM.CREATE.${stream}",
            "$JS.API.STREAM.INFO.${stream}", "$JS.API.DIRECT.GET.${stream}.>",
            "$JS.API.CONSUMER.CREATE.${stream}.*", "$JS.API.CONSUMER.INFO.${stream}.*",
            "$JS.API.CONSUMER.DELETE.${stream}.*", "$JS.API.CONSUMER.MSG.NEXT.${stream}.*"]
          deny: ["cs.${user}.compaction.>", "$JS.API.STREAM.DELETE.>", "$JS.API.STREAM.PURGE.>",
            "$JS.API.STREAM.UPDATE.>", "$JS.API.STREAM.MSG.DELETE.>"]
        }
        subscribe: { allow: ["cs.${user}.>", "cs-live.${user}.>", "_INBOX.>"] }
        allow_responses: true
      }
    }, {
      user: ${user}-maintenance, password: ${user}-maintenance
      permissions: {
        publish: {
          allow: ["cs.${user}.compaction.>", "$JS.API.INFO", "$JS.API.STREAM.INFO.${stream}",
            "$JS.API.STREAM.PURGE.${stream}", "$JS.API.STREAM.MSG.DELETE.${stream}",
            "$JS.API.DIRECT.GET.${stream}", "$JS.API.DIRECT.GET.${stream}.>"]
          deny: ["$JS.API.STREAM.DELETE.>", "$JS.API.STREAM.UPDATE.>"]
        }
        subscribe: { allow: ["_INBOX.>"] }
      }
    }]
  }`;
}

const dir = mkdtempSync(join(tmpdir(), 'countersign-e2e-sync-'));
const binary = findNatsServer();
let nats;
let failure = binary ? undefined : NATS_SERVER_MISSING;

if (binary) {
  const accounts = Array.from({ length: JOURNALS }, (_, index) => account(index + 1));
  writeFileSync(
    join(dir, 'nats.conf'),
    [
      'server_name: countersign-e2e',
      'host: 127.0.0.1',
      `port: ${CLIENT_PORT}`,
      `websocket { host: 127.0.0.1, port: ${WEBSOCKET_PORT}, no_tls: true }`,
      `jetstream { store_dir: "${join(dir, 'store')}", max_memory_store: 256MB, max_file_store: ${Math.max(1024, JOURNALS * JOURNAL_MB)}MB }`,
      'max_payload: 1MB',
      `accounts {\n${accounts.join('\n')}\n}`,
    ].join('\n'),
  );
  nats = startNatsProcess(binary, join(dir, 'nats.conf'));
  void nats.exited.then((code) => {
    if (!stopping) failure = `nats-server exited (code ${code}):\n${nats.log()}`;
  });
}

let next = 0;
let stopping = false;
const server = createServer((request, response) => {
  const reply = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.url === '/health') return reply(200, { ok: failure === undefined });
  if (request.url === '/lease') {
    if (failure) return reply(200, { ok: false, error: failure });
    if (next >= JOURNALS) return reply(200, { ok: false, error: 'Every e2e journal is in use.' });
    next += 1;
    const user = `e2e${String(next).padStart(2, '0')}`;
    return reply(200, { ok: true, url: `ws://127.0.0.1:${WEBSOCKET_PORT}`, user, password: user });
  }
  reply(404, { ok: false, error: 'GET /health or /lease' });
});
server.listen(HTTP_PORT, '127.0.0.1', () => {
  console.log(
    failure
      ? `sync journeys: no nats-server; /lease will say what to install`
      : `sync journeys: nats-server at ws://127.0.0.1:${WEBSOCKET_PORT}, leases on :${HTTP_PORT}`,
  );
});

function stop() {
  if (stopping) return;
  stopping = true;
  nats?.child.kill('SIGTERM');
  server.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('exit', () => nats?.child.kill('SIGKILL'));
