/**
 * An accounts file for the load test: `people` accounts (`p01`, `p02`, ...), each with one
 * device user (password = name) and its maintenance user, with the same permissions as
 * sync-server/accounts.conf gives alice. Loopback tests only.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function loadTestUsers(people: number): string[] {
  return Array.from({ length: people }, (_, index) => `p${String(index + 1).padStart(2, '0')}`);
}

function account(user: string): string {
  const stream = `CS_${user.toUpperCase()}`;
  const api = ['CREATE', 'INFO'].map((call) => `"$JS.API.STREAM.${call}.${stream}"`);
  const consumer = ['CREATE', 'INFO', 'DELETE', 'MSG.NEXT'].map(
    (call) => `"$JS.API.CONSUMER.${call}.${stream}.*"`,
  );
  return `
  ${user.toUpperCase()} {
    jetstream { max_memory: 32MB, max_file: 256MB, max_streams: 1, max_consumers: 256 }
    users: [
      {
        user: ${user}, password: ${user}
        permissions: {
          publish: {
            allow: ["cs.${user}.>", "cs-live.${user}.>", "$JS.API.INFO", ${api.join(', ')}, "$JS.API.DIRECT.GET.${stream}.>", ${consumer.join(', ')}]
            deny: ["cs.${user}.compaction.>", "$JS.API.STREAM.DELETE.>", "$JS.API.STREAM.PURGE.>", "$JS.API.STREAM.UPDATE.>", "$JS.API.STREAM.MSG.DELETE.>"]
          }
          subscribe: { allow: ["cs.${user}.>", "cs-live.${user}.>", "_INBOX.>"] }
          allow_responses: true
        }
      }
      {
        user: ${user}-maintenance, password: ${user}-maintenance
        permissions: {
          publish: { allow: ["cs.${user}.compaction.>", "$JS.API.INFO", "$JS.API.STREAM.INFO.${stream}", "$JS.API.STREAM.PURGE.${stream}", "$JS.API.STREAM.MSG.DELETE.${stream}", "$JS.API.DIRECT.GET.${stream}", "$JS.API.DIRECT.GET.${stream}.>"] }
          subscribe: { allow: ["_INBOX.>"] }
        }
      }
    ]
  }`;
}

/** Writes the file and returns its path. */
export function writeLoadTestAccounts(users: readonly string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'countersign-load-')), 'accounts.conf');
  writeFileSync(path, `accounts {${users.map(account).join('\n')}\n}\n`);
  return path;
}
