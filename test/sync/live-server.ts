/**
 * One real nats-server for a test file, with the runtimes its tests start: each runtime
 * is stopped after its test, the server after the file.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';

export function liveServer() {
  let server: NatsTestServer | undefined;
  const running: SyncRuntime[] = [];
  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('The nats-server has not started.');
    return server;
  };
  return {
    urls: () => started().urls,
    url: () => started().urls[0]!,
    /** Stops `runtime` after the test. */
    keep(runtime: SyncRuntime): SyncRuntime {
      running.push(runtime);
      return runtime;
    },
  };
}
