/**
 * Turns a page of audit messages into what /activity lists. First one entry per attempt of
 * an operation (its action and the result or denial that followed), and thoughts or
 * observations on their own; a retried operation keeps one operation id, so pairing goes
 * by time: a result belongs to the latest action of its operation still waiting. Then
 * the entries of one wake (one `wake:<id>` operation key) become one group, in the order the
 * wake wrote them; everything else (a person's edits, confirmations, undo) stays single.
 */
import type { AuditPage } from '../../db/queries/activity-audit';
import { wakeRunKey } from '../../db/queries/activity-wake-run-key';
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

/** One wake's entries, oldest first, listed at the time of its newest. */
export interface WakeGroup {
  /** The wake's operation key: stable across pages, so an open group stays open. */
  key: string;
  taskId: string | undefined;
  entries: ActivityEntry[];
  startedAt: string;
  at: string;
}

export type ActivityItem =
  | { type: 'entry'; key: string; at: string; entry: ActivityEntry }
  | { type: 'wake'; key: string; at: string; wake: WakeGroup };

type ShownMessages = Pick<AuditPage, 'messages' | 'related'> &
  Partial<Pick<AuditPage, 'wakeMessages'>>;

const isResult = (message: AuditMessage) =>
  message.kind === 'toolResult' || message.kind === 'policyDenied';

const byTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The messages of an entry, action first. */
export function messagesOf(entry: ActivityEntry): AuditMessage[] {
  return [entry.action, entry.result, entry.note].filter(
    (message): message is AuditMessage => message !== undefined,
  );
}

/** Operations and notes, newest first; messages read only to complete one never stand alone. */
export function pairOperations(page: ShownMessages): ActivityEntry[] {
  const shown = new Set(
    [...page.messages, ...(page.wakeMessages ?? [])].map((message) => message.id),
  );
  const oldestFirst = [...page.messages, ...(page.wakeMessages ?? []), ...page.related].sort(
    (a, b) => byTime(a.createdAt, b.createdAt),
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
  return entries
    .filter((entry) => messagesOf(entry).some((message) => shown.has(message.id)))
    .reverse()
    .sort((a, b) => byTime(b.at, a.at));
}

export function groupActivity(page: ShownMessages): ActivityItem[] {
  const items: ActivityItem[] = [];
  const wakes = new Map<string, WakeGroup>();
  for (const entry of pairOperations(page)) {
    const first = messagesOf(entry)[0]!;
    const runKey = wakeRunKey(first);
    if (runKey === undefined) {
      items.push({ type: 'entry', key: entry.key, at: entry.at, entry });
      continue;
    }
    let wake = wakes.get(runKey);
    if (!wake) {
      // Entries come newest first: the first one met is the wake's newest.
      wake = { key: runKey, taskId: first.taskId, entries: [], startedAt: entry.at, at: entry.at };
      wakes.set(runKey, wake);
      items.push({ type: 'wake', key: runKey, at: entry.at, wake });
    }
    wake.entries.unshift(entry);
    wake.startedAt = messagesOf(entry)[0]!.createdAt;
  }
  return items;
}
