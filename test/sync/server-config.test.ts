// @vitest-environment node
/**
 * The configs `npm run sync-server` starts are valid for the installed nats-server
 * (the other tests generate their own configs around sync-server/accounts.conf).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNatsServer, NATS_SERVER_MISSING } from '../../sync-server/find-nats-server.mjs';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/sync-server.mjs');

describe('npm run sync-server', () => {
  it('finds nats-server and every config in sync-server/ is valid', () => {
    const binary = findNatsServer();
    if (!binary) throw new Error(NATS_SERVER_MISSING);
    const result = spawnSync(process.execPath, [SCRIPT, '--check'], {
      encoding: 'utf8',
      env: { ...process.env, NATS_SERVER: binary },
    });
    expect(result.stdout.match(/^ok /gm)).toHaveLength(4);
    expect(result.status).toBe(0);
  });
});
