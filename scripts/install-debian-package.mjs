// Installs one of Debian's packages, and only when this process may: root, with apt-get on
// the PATH. Shared by the test command's two system dependencies (nats-server, chromium),
// so each is found, installed or explained the same way.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

// Named once: the one package tool this project ever calls, and only as root on Debian.
const DEBIAN_INSTALLER = 'apt-get';

function canInstallDebianPackages() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return (
    isRoot &&
    spawnSync('sh', ['-c', `command -v ${DEBIAN_INSTALLER}`], { stdio: 'ignore' }).status === 0
  );
}

export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function installDebianPackage(name, { quiet = false } = {}) {
  if (!canInstallDebianPackages()) return false;
  console.log(
    `${name} is not installed: installing Debian's package (${DEBIAN_INSTALLER} install -y ${name})…`,
  );
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', name],
  ]) {
    const result = spawnSync(DEBIAN_INSTALLER, args, {
      stdio: quiet ? 'ignore' : 'inherit',
      env: environment,
    });
    if (result.status !== 0) return false;
  }
  return true;
}
