// Where nats-server is, and how to get it: shared by `npm run sync-server`, the test
// command (scripts/test-all.mjs) and the Playwright sync journeys. Looks in $NATS_SERVER,
// PATH, /usr/sbin, /usr/local/bin and /usr/bin; root on Debian/Ubuntu may install Debian's
// package; anyone else is told exactly what to install.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

// Named once: the one package tool this project ever calls, and only as root on Debian.
const DEBIAN_INSTALLER = 'apt-get';

export const NATS_SERVER_MISSING = `nats-server was not found (looked in $NATS_SERVER, PATH, /usr/sbin, /usr/local/bin, /usr/bin).
Install it, then run this again:
  Debian/Ubuntu:  sudo apt-get install -y nats-server
  macOS:          brew install nats-server
  anywhere:       download a release from https://github.com/nats-io/nats-server/releases
                  and put nats-server on your PATH (or set NATS_SERVER=/path/to/nats-server)
Version 2.9 or newer is needed (JetStream direct get, discard-new per subject).`;

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findNatsServer() {
  const candidates = [
    process.env.NATS_SERVER,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nats-server')),
    '/usr/sbin/nats-server',
    '/usr/local/bin/nats-server',
    '/usr/bin/nats-server',
  ];
  return candidates.find((path) => path && isExecutable(path));
}

/** Debian's package, when this process may install it; otherwise undefined. */
export function installNatsServer({ quiet = false } = {}) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt =
    spawnSync('sh', ['-c', `command -v ${DEBIAN_INSTALLER}`], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return undefined;
  console.log(
    `nats-server is not installed: installing Debian's package (${DEBIAN_INSTALLER} install -y nats-server)…`,
  );
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'nats-server'],
  ]) {
    const result = spawnSync(DEBIAN_INSTALLER, args, {
      stdio: quiet ? 'ignore' : 'inherit',
      env: environment,
    });
    if (result.status !== 0) return undefined;
  }
  return findNatsServer();
}

/** The binary, installing it when allowed; undefined (and the message printed) otherwise. */
export function ensureNatsServer() {
  const binary = findNatsServer() ?? installNatsServer();
  if (!binary) console.error(NATS_SERVER_MISSING);
  return binary;
}
