// `npm run sync-server -- --compact [options]`, or `node sync-server/compact-command.mjs`
// from cron or a systemd timer: compacts each listed person's stream as that account's
// maintenance user and prints what it removed. Exit code 1 when any account failed.
//
//   --server URL            nats://127.0.0.1:4222 by default (a list: comma-separated)
//   --users alice,bob       the journals to compact (alice,bob by default: the examples)
//   --retention-days N      30 by default; nothing newer is ever removed
//   --passwords FILE        JSON {"alice": "<alice-maintenance's password>", ...}; without
//                           it, the example password "<user>-maintenance" is used
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { compactJournal, DEFAULT_RETENTION_DAYS } from './compact.mjs';

const USER = /^[a-z][a-z0-9_-]{0,31}$/;

function parse(argv) {
  const options = {
    servers: ['nats://127.0.0.1:4222'],
    users: ['alice', 'bob'],
    retentionDays: DEFAULT_RETENTION_DAYS,
    passwords: undefined,
  };
  for (let index = 0; index < argv.length; index++) {
    const [argument, value] = [argv[index], argv[index + 1]];
    if (argument === '--compact') continue;
    if (value === undefined) throw new Error(`${argument} needs a value. Try --help.`);
    index++;
    if (argument === '--server') options.servers = value.split(',');
    else if (argument === '--users') options.users = value.split(',');
    else if (argument === '--passwords')
      options.passwords = JSON.parse(readFileSync(value, 'utf8'));
    else if (argument === '--retention-days') options.retentionDays = Number(value);
    else throw new Error(`Unknown argument "${argument}". Try --help.`);
  }
  const badUser = options.users.find((user) => !USER.test(user));
  if (badUser !== undefined) throw new Error(`"${badUser}" is not a sync user name.`);
  if (!(options.retentionDays >= 1)) {
    throw new Error('--retention-days must be at least 1: far longer than any reconcile loop.');
  }
  return options;
}

export async function runCompaction(argv) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(
      'Usage: npm run sync-server -- --compact [--server URL] [--users a,b] ' +
        '[--retention-days N] [--passwords FILE]\nSee docs/decisions/0011-compaction.md.',
    );
    return 0;
  }
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  let failed = 0;
  for (const user of options.users) {
    let connection;
    try {
      connection = await connect({
        servers: options.servers,
        user: `${user}-maintenance`,
        pass: options.passwords?.[user] ?? `${user}-maintenance`,
        maxReconnectAttempts: 3,
      });
      const report = await compactJournal(connection, user, {
        retentionMs: options.retentionDays * 24 * 60 * 60 * 1000,
      });
      const { before, after } = report;
      console.log(
        `${user}: ${report.cut > 0 ? `watermark ${report.cut} (snapshot ${report.snapshotId})` : `kept everything: ${report.reason}`}; ` +
          `subjects ${before.subjects} → ${after.subjects}, messages ${before.messages} → ${after.messages}, ` +
          `bytes ${before.bytes} → ${after.bytes}; ${report.activeDevices ?? 0} active devices` +
          (report.ignored ? `; ${report.ignored}` : ''),
      );
    } catch (error) {
      failed++;
      console.error(
        `${user}: not compacted (${error instanceof Error ? error.message : String(error)}). ` +
          `Check that the server runs and that ${user}-maintenance exists in accounts.conf, then run it again (a run is safe to repeat).`,
      );
    } finally {
      await connection?.close();
    }
  }
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCompaction(process.argv.slice(2));
}
