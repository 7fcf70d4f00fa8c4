/**
 * Turns a page of audit messages into what /activity lists: one entry per attempt of an
 * operation (its action and the result or denial that followed), and thoughts or
 * observations on their own. A retried operation keeps one operation id, so pairing
 * goes by time: a result belongs to the latest action of its operation still waiting.
 */
import type { AuditPage } from '../../db/queries/audit';
import type { AuditMessage } from '../../domain/audit';

export interface ActivityEntry {
  /** Stable across pages: the id of the entry's first message. */
  key: string;
  action?: AuditMessage;
  /** A `toolResult` or `policyDenied` message. */
  result?: AuditMessage;
  /** A message that is neither: an agent thought or observation. */
  note?: AuditMessage;
  /** The newest time among the entry's messages; entries are listed by it. */
  at: string;
}

const isResult = (message: AuditMessage) =>
  message.kind === 'toolResult' || message.kind === 'policyDenied';

export function groupActivity(page: Pick<AuditPage, 'messages' | 'related'>): ActivityEntry[] {
  const onPage = new Set(page.messages.map((message) => message.id));
  const oldestFirst = [...page.messages, ...page.related].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  const entries: ActivityEntry[] = [];
  const awaitingResult = new Map<string, ActivityEntry>();
  for (const message of oldestFirst) {
    const entry: ActivityEntry = { key: message.id, at: message.createdAt };
    if (message.kind === 'action') {
      entry.action = message;
      if (message.operationId) awaitingResult.set(message.operationId, entry);
    } else if (isResult(message)) {
      const attempt = message.operationId ? awaitingResult.get(message.operationId) : undefined;
      if (attempt && message.operationId) {
        attempt.result = message;
        attempt.at = message.createdAt;
        awaitingResult.delete(message.operationId);
        continue;
      }
      entry.result = message;
    } else {
      entry.note = message;
    }
    entries.push(entry);
  }
  // Messages fetched only to complete an operation never make an entry of their own.
  return entries
    .filter((entry) =>
      [entry.action, entry.result, entry.note].some((message) => message && onPage.has(message.id)),
    )
    .reverse()
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
