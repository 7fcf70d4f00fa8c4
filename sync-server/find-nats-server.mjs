// Where nats-server is, and how to get it: shared by `npm run sync-server`, the test
// command (scripts/test-all.mjs) and the Playwright sync journeys. Looks in $NATS_SERVER,
// PATH, /usr/sbin, /usr/local/bin and /usr/bin; root on Debian/Ubuntu may install Debian's
// package; anyone else is told exactly what to install.
import { delimiter, join } from 'node:path';
import { installDebianPackage, isExecutable } from '../scripts/install-debian-package.mjs';

export const NATS_SERVER_MISSING = `nats-server was not found (looked in $NATS_SERVER, PATH, /usr/sbin, /usr/local/bin, /usr/bin).
Install it, then run this again:
  Debian/Ubuntu:  sudo apt-get install -y nats-server
  macOS:          brew install nats-server
  anywhere:       download a release from https://github.com/nats-io/nats-server/releases
                  and put nats-server on your PATH (or set NATS_SERVER=/path/to/nats-server)
Version 2.9 or newer is needed (JetStream direct get, discard-new per subject).`;

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
  return installDebianPackage('nats-server', { quiet }) ? findNatsServer() : undefined;
}

/** The binary, installing it when allowed; undefined (and the message printed) otherwise. */
export function ensureNatsServer() {
  const binary = findNatsServer() ?? installNatsServer();
  if (!binary) console.error(NATS_SERVER_MISSING);
  return binary;
}
