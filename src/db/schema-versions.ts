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
];

export const LATEST_SCHEMA_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]!.version;
