/**
 * Every schema version the app has shipped, oldest first. Never edit a shipped version:
 * add a new one with its `upgrade`, and a test in migrations.test.ts that opens the
 * previous version's data with it.
 */
import type { Transaction } from 'dexie';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (transaction: Transaction) => Promise<void>;
}

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    // 1: the journal as first shipped.
    version: 1,
    stores: {
      tasks: 'id, status, priority, dueDate, updatedAt, categoryId, *labelIds',
      checklistItems: 'id, taskId',
      entries: 'id, taskId, [taskId+createdAt]',
      categories: 'id, name',
      labels: 'id, name',
      settings: 'key',
    },
  },
  {
    // 2: the agent's tables, and tasks learn which labels the user suppressed and who
    // set their language. Older tasks get an empty suppression list and, when they
    // have a language, the user as its source (the agent did not exist yet).
    version: 2,
    stores: {
      agents: 'id',
      wakes: 'id, taskId, runKey, status, startedAt',
      changeSets: 'id, taskId, status, runKey',
      decisions: 'id, changeSetId, taskId, decidedAt',
      auditMessages: 'id, createdAt, taskId, kind, operationId, runKey',
      reports: 'id, taskId',
      observations: 'id, taskId',
      mutations: 'operationId, status, taskId, createdAt',
      outbox: 'id, createdAt',
    },
    upgrade: async (transaction) => {
      await transaction
        .table('tasks')
        .toCollection()
        .modify((task: Record<string, unknown>) => {
          if (!Array.isArray(task.suppressedLabelIds)) task.suppressedLabelIds = [];
          if (task.languageCode !== undefined && task.languageSource === undefined)
            task.languageSource = 'user';
        });
    },
  },
  {
    version: 3,
    stores: {
      changeItems:
        'id, changeSetId, taskId, pendingKey, [taskId+pendingKey], pendingExpiry, [taskId+status]',
      tallies: 'key',
    },
    upgrade: splitChangeItems,
  },
  {
    // 4: sync's own rows (src/db/sync-rows.ts), all new and empty: one push per operation
    // id, apart from the local ledger whose "applied here" dispatch and undo read; the
    // feed's cursor and status; remote operations applied here; parts of split operations;
    // quarantined messages; notices such as "decided on the other device".
    version: 4,
    stores: {
      syncPushes: 'operationId, sequence, state, outboxId',
      syncState: 'key',
      syncApplied: 'operationId',
      syncParts: 'id, operationId',
      syncQuarantine: 'seq',
      syncNotices: 'id, createdAt, [changeSetId+itemIndex]',
    },
  },
  {
    // 5: one row per import (src/db/import-records.ts), new and empty: the file, its
    // progress, and the ledger operations of its parts. The pre-images themselves stay in
    // the mutations ledger, where every other undo finds them; this row only ties the
    // parts of one import together, so "Undo import" finds them all, newest part first.
    version: 5,
    stores: {
      imports: 'id, createdAt',
    },
  },
  {
    // 6: the person's rules (journal data, empty at first), and decisions by tool and
    // verdict, so a rule offer counts one tool's decisions instead of every decision.
    version: 6,
    stores: {
      rules: 'id, categoryId',
      decisions: 'id, changeSetId, taskId, decidedAt, [toolName+verdict]',
    },
  },
  {
    // 7: decisions by the category their task was in, newest first, so the agent's record
    // for a category reads its newest decisions, not every task key of the category. Older
    // decisions take their task's category as it is now, the nearest there is to it.
    version: 7,
    stores: {
      decisions: 'id, changeSetId, taskId, decidedAt, [toolName+verdict], [categoryId+decidedAt]',
    },
    upgrade: stampDecisionCategories,
  },
  {
    // 8: the ledger by task and time, so the automatic wake's watch reads the operations
    // on the open task since it was opened, not every row of the task's journal; and wakes
    // by task and start, so the agent panel and the watch read a task's latest wake, not
    // all of its wakes. Indexes only: IndexedDB fills them from the rows already there.
    version: 8,
    stores: {
      mutations: 'operationId, status, taskId, createdAt, [taskId+createdAt]',
      wakes: 'id, taskId, runKey, status, startedAt, [taskId+startedAt]',
    },
  },
  {
    // 9: the journal's devices (synced rows, one per device: name, kind, public keys,
    // removed). Empty at first: each device writes its own row when it starts syncing.
    version: 9,
    stores: {
      devices: 'id',
    },
  },
  {
    // 10: the ledger keeps no status, attempts or next attempt: every row ever written was
    // 'applied' at its first attempt (a failed one leaves no row), so the fields and the
    // status index said nothing. The rows lose them.
    version: 10,
    stores: {
      mutations: 'operationId, taskId, createdAt, [taskId+createdAt]',
    },
    upgrade: (transaction) =>
      transaction
        .table('mutations')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          delete row.status;
          delete row.attempts;
          delete row.nextAttemptAt;
        })
        .then(() => undefined),
  },
  {
    // 11: the decision claims this device knows (decision 0011): each claim subject's
    // first message, as the feed passed it or a snapshot carried it. New and empty: a
    // device that synced before fills it from the server once.
    version: 11,
    stores: {
      syncClaims: 'id',
    },
  },
  {
    // 12: a remote operation is found from the ledger row of applying it here, so a tab's
    // wake can name the stream sequence of the edits it wakes on (its task claim's trigger).
    version: 12,
    stores: {
      syncApplied: 'operationId, localOperationId',
    },
  },
  {
    // 13: change items by task and fingerprint, so a proposal finds its twins (the same
    // change proposed on another device, decision 0016) without reading the task's whole
    // history. An index only: IndexedDB fills it from the rows already there.
    version: 13,
    stores: {
      changeItems:
        'id, changeSetId, taskId, pendingKey, [taskId+pendingKey], pendingExpiry, [taskId+status], [taskId+fingerprint]',
    },
  },
];

async function stampDecisionCategories(transaction: Transaction): Promise<void> {
  const categoryOf = new Map<string, string | undefined>(
    (await transaction.table('tasks').toArray()).map((task) => [task.id, task.categoryId]),
  );
  await transaction
    .table('decisions')
    .toCollection()
    .modify((decision: { taskId: string; categoryId?: string }) => {
      const categoryId = categoryOf.get(decision.taskId);
      if (categoryId !== undefined) decision.categoryId = categoryId;
    });
}

/**
 * 3: each proposal is its own row (changeItems), so deciding one item writes O(1) rows and
 * two devices deciding two items of one set never write the same row. Sets keep counts
 * of their items; `tallies` keeps the inbox's totals. Items carry derived, device-local
 * index fields while they wait in the inbox (`pendingKey`, `pendingExpiry`): the inbox
 * and its count read those sparse indexes instead of scanning every open set.
 */
async function splitChangeItems(transaction: Transaction): Promise<void> {
  const sets = await transaction.table('changeSets').toArray();
  const tasks = new Map<string, { deletedAt?: string }>(
    (await transaction.table('tasks').toArray()).map((task) => [task.id, task]),
  );
  const items: Record<string, unknown>[] = [];
  const tallies = { pendingItems: 0, pendingSets: 0 };
  for (const set of sets) {
    const counts = { total: 0, pending: 0, expired: 0, waiting: 0 };
    const taskLive = tasks.get(set.taskId)?.deletedAt === undefined && tasks.has(set.taskId);
    const expiresAt: string | undefined = set.expiresAt;
    (set.items ?? []).forEach((item: Record<string, unknown>, itemIndex: number) => {
      const status = item.status as string;
      const waiting = status === 'pending' && taskLive && set.deletedAt === undefined;
      counts.total += 1;
      if (status === 'pending') counts.pending += 1;
      if (status === 'expired') counts.expired += 1;
      if (waiting) counts.waiting += 1;
      items.push({
        ...item,
        id: `${set.id}:${itemIndex}`,
        changeSetId: set.id,
        itemIndex,
        taskId: set.taskId,
        proposedAt: set.createdAt,
        ...(expiresAt ? { expiresAt } : {}),
        createdAt: set.createdAt,
        updatedAt: set.updatedAt,
        rev: 1,
        vectorClock: set.vectorClock ?? {},
        ...(waiting
          ? {
              pendingKey: [set.createdAt, set.id, itemIndex],
              ...(expiresAt ? { pendingExpiry: expiresAt } : {}),
            }
          : {}),
      });
    });
    tallies.pendingItems += counts.waiting;
    if (counts.waiting > 0) tallies.pendingSets += 1;
    const { items: _items, expiresAt: _expiresAt, ...rest } = set;
    await transaction.table('changeSets').put({ ...rest, counts });
  }
  await transaction.table('changeItems').bulkPut(items);
  await transaction.table('tallies').bulkPut([
    { key: 'pendingItems', value: tallies.pendingItems },
    { key: 'pendingSets', value: tallies.pendingSets },
  ]);
}

export const LATEST_SCHEMA_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]!.version;
