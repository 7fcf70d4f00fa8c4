/**
 * What Settings → Sync lists: pushes waiting for the person's decision, pushes that
 * could not be sent, decisions another device made first, quarantined messages. Each
 * named in words from the audit trail of the operation it concerns. Errors are shown as
 * written, less any credentials in a server address they name.
 */
import { withoutCredentials } from '../lib/without-credentials';
import type { CountersignDatabase } from './database';
import { QUARANTINE_REREAD_KEY, type QuarantineReread } from './sync-settings';
import type { SyncNoticeRow, SyncPushRecord, SyncQuarantineRow } from './sync-rows';

export interface PushForPerson {
  operationId: string;
  /** What the operation did, as the audit trail says it ("Set estimate to 60 minutes"). */
  summary: string;
  createdAt: string | undefined;
  lastError: string | undefined;
  attempts: number;
}

export interface SyncAttention {
  undecided: PushForPerson[];
  failed: PushForPerson[];
  notices: SyncNoticeRow[];
  quarantined: SyncQuarantineRow[];
  quarantinedCount: number;
  /** What this version read again from quarantine after an update, if anything. */
  reread: QuarantineReread | undefined;
}

export async function readSyncAttention(db: CountersignDatabase): Promise<SyncAttention> {
  const [undecided, failed, notices, quarantined, quarantinedCount, reread] = await Promise.all([
    db.syncPushes.where('state').equals('indeterminate').sortBy('sequence'),
    db.syncPushes.where('state').equals('failed').sortBy('sequence'),
    db.syncNotices.orderBy('createdAt').reverse().limit(20).toArray(),
    db.syncQuarantine.orderBy('seq').reverse().limit(20).toArray(),
    db.syncQuarantine.count(),
    db.syncState.get(QUARANTINE_REREAD_KEY),
  ]);
  const stillFailed = failed.filter(
    (record) => record.resolution?.choice !== 'skip' && record.claimState !== 'lost',
  );
  return {
    undecided: await Promise.all(undecided.map((record) => forPerson(db, record))),
    failed: await Promise.all(stillFailed.map((record) => forPerson(db, record))),
    notices,
    quarantined: quarantined.map((row) => ({ ...row, reason: withoutCredentials(row.reason) })),
    quarantinedCount,
    reread: reread?.value as QuarantineReread | undefined,
  };
}

async function forPerson(db: CountersignDatabase, record: SyncPushRecord): Promise<PushForPerson> {
  const outbox = await db.outbox.get(record.outboxId);
  const action = outbox
    ? await db.auditMessages
        .where('operationId')
        .equals(outbox.operationId)
        .filter((message) => message.kind === 'action')
        .first()
    : undefined;
  return {
    operationId: record.operationId,
    summary: action?.summary ?? describeKind(record.kind),
    createdAt: outbox?.createdAt,
    lastError: record.lastError === undefined ? undefined : withoutCredentials(record.lastError),
    attempts: record.attempts,
  };
}

const KIND_WORDS: Record<string, string> = {
  journal: 'A change to your journal',
  proposal: "The agent's proposals",
  decision: 'A decision on a proposal',
  undo: 'An undo',
  expiry: 'Expired proposals',
  report: "The agent's report",
  import: 'An import',
};

function describeKind(kind: string): string {
  return KIND_WORDS[kind] ?? 'A change';
}

export async function dismissSyncNotice(db: CountersignDatabase, id: string): Promise<void> {
  await db.syncNotices.delete(id);
}
