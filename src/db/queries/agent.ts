/**
 * Read queries for the agent's settings and its panel on the task page, for
 * `useLiveQuery`. Soft-deleted rows never leave this module, except where a deletion is
 * itself the news (the auto-wake watch: deleting an entry is an edit).
 */
import Dexie from 'dexie';
import type { Observation, Report, Wake } from '../../domain/agent';
import type { AgentSchedule } from '../../domain/agent-schedule';
import { DEFAULT_AGENT_ID } from '../../domain/agent';
import type { Category } from '../../domain/category';
import type { ProviderSettings } from '../../domain/provider-settings';
import type { VectorClock } from '../../domain/vector-clock';
import type { WriteSource } from '../../domain/write-source';
import type { LedgerRow } from '../../domain/ledger-row';
import { isPersonsEditKind } from '../../domain/operation-kind';
import type { PolicyVerdict } from '../../domain/agent-policy';
import { readDefaultAgent, readPolicyVerdict } from '../agent-config';
import { reportId } from '../agent-records';
import { readAutoWake, readProviderSettings, readTtlDays } from '../agent-settings';
import type { CountersignDatabase } from '../database';
import { isSyncEnabled, SYNC_CONFIG_KEY } from '../sync-connection';

export interface AgentSettingsData {
  /** Undefined until the person chooses a provider: nothing is configured by default. */
  provider: ProviderSettings | undefined;
  autoWake: boolean;
  ttlDays: number;
  /** The person's schedule (journal data), undefined until one is saved. */
  schedule: AgentSchedule | undefined;
}

export async function readAgentSettings(db: CountersignDatabase): Promise<AgentSettingsData> {
  const [provider, autoWake, ttlDays, agent] = await Promise.all([
    readProviderSettings(db),
    readAutoWake(db),
    readTtlDays(db),
    readDefaultAgent(db),
  ]);
  return { provider, autoWake, ttlDays, schedule: agent?.schedule };
}

export interface AgentCategoriesData {
  /** Live categories, sorted by name. */
  categories: Category[];
  /** The default agent's allowlist as stored (it may name categories deleted since). */
  allowedCategoryIds: string[];
}

export async function listAgentCategories(db: CountersignDatabase): Promise<AgentCategoriesData> {
  const [categories, agent] = await Promise.all([db.categories.toArray(), readDefaultAgent(db)]);
  return {
    categories: categories
      .filter((category) => category.deletedAt === undefined)
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
    allowedCategoryIds: agent?.allowedCategoryIds ?? [],
  };
}

export interface AgentPanelData {
  /** False when the task is unknown or deleted: the panel renders nothing. */
  taskExists: boolean;
  /** The task's most recent wake (by start time), whatever its status. */
  latestWake: Wake | undefined;
  /** The most recently started wake still marked running (it may belong to another tab). */
  runningWake: Wake | undefined;
  report: Report | undefined;
  /** Newest first. */
  observations: Observation[];
  /** Whether the agent may act on this task (and be woken for it), and if not, why. */
  policy: PolicyVerdict;
  /** Without a model here but with sync on, Wake agent asks an agent device instead. */
  asksAgentDevice: boolean;
}

export async function readAgentPanel(
  db: CountersignDatabase,
  taskId: string,
  agentId: string = DEFAULT_AGENT_ID,
): Promise<AgentPanelData> {
  const [task, wakes, report, observations, policy, provider] = await Promise.all([
    taskId ? db.tasks.get(taskId) : undefined,
    latestTaskWakes(db, taskId),
    db.reports.get(reportId(agentId, taskId)),
    db.observations.where('taskId').equals(taskId).toArray(),
    readPolicyVerdict(db, taskId, agentId),
    readProviderSettings(db),
  ]);
  const syncing = isSyncEnabled((await db.settings.get(SYNC_CONFIG_KEY))?.value);
  return {
    taskExists: task !== undefined && task.deletedAt === undefined,
    latestWake: wakes.latest,
    runningWake: wakes.running,
    report: report?.deletedAt === undefined ? report : undefined,
    observations: observations
      .filter((observation) => observation.agentId === agentId && !observation.deletedAt)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)),
    policy,
    asksAgentDevice: provider === undefined && syncing,
  };
}

/** A journal row an operation left as it is, named as the dispatcher names it in `mutatedEntries`. */
export interface WatchedEntity {
  table: 'tasks' | 'checklistItems' | 'entries';
  id: string;
  vectorClock: VectorClock;
}

/** One operation on the watched task, from the ledger: what it wrote and who wrote it. */
export interface WatchedOperation {
  operationId: string;
  source: WriteSource;
  /** The task's row, checklist items and entries it left as they are (deletions included). */
  entities: WatchedEntity[];
}

export interface AutoWakeWatch {
  taskId: string;
  enabled: boolean;
  /** Whether a provider is set: without one an automatic wake could only fail. */
  configured: boolean;
  /** The task has a category and the agent's allowlist names it (the dispatcher's rule). */
  categoryAllowed: boolean;
  /**
   * The operations on the task's journal rows since `since`, oldest first. Empty, and not
   * read, while an automatic wake could not start (off, no provider, category not allowed).
   */
  operations: WatchedOperation[];
  latestWake: Wake | undefined;
}

const WATCHED_TABLES = new Set<string>(['tasks', 'checklistItems', 'entries']);

/**
 * What the auto-wake needs to see about one task; null when the task is gone. Its edits
 * come from the ledger's rows for the task since `since` (the page was opened), so each
 * read costs the operations made since then, not the task's whole journal; and nothing of
 * them is read while the automatic wake is off, which it is unless the person turns it on.
 */
export async function readAutoWakeWatch(
  db: CountersignDatabase,
  taskId: string,
  since: string,
): Promise<AutoWakeWatch | null> {
  const task = taskId ? await db.tasks.get(taskId) : undefined;
  if (!task || task.deletedAt !== undefined) return null;
  const [enabled, provider, policy, wakes] = await Promise.all([
    readAutoWake(db),
    readProviderSettings(db),
    readPolicyVerdict(db, taskId),
    latestTaskWakes(db, taskId),
  ]);
  const watching = enabled && provider !== undefined && policy.allowed;
  const rows = watching
    ? await db.mutations
        .where('[taskId+createdAt]')
        .between([taskId, since], [taskId, Dexie.maxKey], true, true)
        .toArray()
    : [];
  return {
    taskId,
    enabled,
    configured: provider !== undefined,
    categoryAllowed: policy.allowed,
    operations: rows.flatMap((row): WatchedOperation[] => {
      const entities = row.diffs.flatMap((diff): WatchedEntity[] => {
        const after = diff.after as { taskId?: unknown; vectorClock?: VectorClock } | null;
        if (!after?.vectorClock || !WATCHED_TABLES.has(diff.table)) return [];
        // An operation filed under this task may also write another's rows (a synced batch).
        if ((diff.table === 'tasks' ? diff.id : after.taskId) !== taskId) return [];
        const table = diff.table as WatchedEntity['table'];
        return [{ table, id: diff.id, vectorClock: after.vectorClock }];
      });
      return entities.length > 0
        ? [{ operationId: row.operationId, source: watchedSource(row), entities }]
        : [];
    }),
    latestWake: wakes.latest,
  };
}

/**
 * The task's latest wake by start time, and its latest still marked running: one key of
 * the `[taskId+startedAt]` index, and the few rows marked running anywhere, so the cost
 * does not grow with how often the task was woken.
 */
async function latestTaskWakes(
  db: CountersignDatabase,
  taskId: string,
): Promise<{ latest: Wake | undefined; running: Wake | undefined }> {
  const [latest, running] = await Promise.all([
    db.wakes
      .where('[taskId+startedAt]')
      .between([taskId, Dexie.minKey], [taskId, Dexie.maxKey])
      .last(),
    db.wakes.where('status').equals('running').toArray(),
  ]);
  return {
    latest,
    running: running
      .filter((wake) => wake.taskId === taskId)
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0],
  };
}

/**
 * Another device's operations that were none of them the person's edit there (the agent's
 * writes, a decision, a report) wake nothing here either: they count as the agent's.
 */
function watchedSource(row: LedgerRow): WriteSource {
  const kinds = row.remoteKinds;
  if (row.source !== 'sync' || !kinds || kinds.length === 0) return row.source;
  return kinds.some(isPersonsEditKind) ? 'sync' : 'agent';
}
