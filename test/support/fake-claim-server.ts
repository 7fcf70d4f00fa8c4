import type { ClaimServer } from '../../src/sync/claims/task-claims';
import type { StampedMessage } from '../../src/sync/transport/sync-transport';

/** A stream as the claims see it: one message per subject, the first writer wins, a clock set by the test. */
export function fakeClaimServer() {
  const stored: StampedMessage[] = [];
  let nowMs = 1_000_000;
  const server: ClaimServer = {
    async publishNew(subject, data) {
      if (stored.some((message) => message.subject === subject)) return 'taken';
      stored.push({ subject, data, seq: stored.length + 1, serverMs: nowMs });
      return 'stored';
    },
    async readLastStamped(filter) {
      const pattern = new RegExp(
        `^${filter.replaceAll('.', '\\.').replace(/\\\.\*$/, '\\.[^.]+')}$`,
      );
      return stored.filter((message) => pattern.test(message.subject)).at(-1);
    },
  };
  return { server, stored, pass: (ms: number) => (nowMs += ms) };
}
