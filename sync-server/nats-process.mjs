// One nats-server process started from a config file, the one way the tests, the journeys'
// sync server and the benchmark start theirs: its output is kept (the last 4,000
// characters, for the error that says why it stopped), `ready` resolves once it says
// "Server is ready" and rejects with that output when it exits first or takes too long.
import { spawn } from 'node:child_process';

const READY_TIMEOUT_MS = 15_000;
const LOG_CHARACTERS = 4_000;

export function startNatsProcess(binary, configPath, { name = 'nats-server' } = {}) {
  const child = spawn(binary, ['-c', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  let running = true;
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code) => {
      running = false;
      resolveExit(code);
    });
  });
  const ready = new Promise((resolveReady, rejectReady) => {
    const timer = setTimeout(
      () => rejectReady(new Error(`${name} did not start:\n${log}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk) => {
      log = `${log}${chunk}`.slice(-LOG_CHARACTERS);
      if (log.includes('Server is ready')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      rejectReady(new Error(`${name} exited:\n${log}`));
    });
  });
  // A rejected `ready` after a successful start (the process was stopped) is not an error.
  ready.catch(() => undefined);
  return {
    child,
    ready,
    exited,
    get running() {
      return running;
    },
    log: () => log,
    /** Sends `signal` and waits for the exit; SIGKILL after 5 s. */
    async stop(signal = 'SIGTERM') {
      if (!running) return;
      child.kill(signal);
      const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    },
  };
}
