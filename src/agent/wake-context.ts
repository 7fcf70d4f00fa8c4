/**
 * Everything a wake tells the model about its task, read from IndexedDB at the start
 * of the wake: the task, its checklist and labels, recent entries within a size budget,
 * the previous report, and the proposal ledger (open proposals, recent decisions).
 */
import type { CountersignDatabase } from '../db/database';
import { decisionsForTask, latestReport } from '../db/agent-records';
import { createJournalReader } from '../db/journal-store';
import { policyVerdict, type PolicyVerdict } from '../domain/agent-policy';
import { labelAppliesTo, type Category, type Label } from '../domain/category';
import type { ChecklistItem } from '../domain/checklist-item';
import type { Decision } from '../domain/change-set';
import type { JournalEntry } from '../domain/journal-entry';
import type { Rule } from '../domain/rule';
import type { Task } from '../domain/task';
import { describeChangedValues } from '../lib/describe-changed-values';
import { findTool } from '../tools/registry';
import { summaryNamesOf } from '../tools/summary-names';
import type { SummaryNames } from '../tools/tool-definition';
import { summarizeRecord } from './decision-record-summary';
import { readPromptEntries } from './prompt-entries';

const RECENT_DECISIONS = 20;
/** How far back the record looks: this many of the newest decisions, of the task and of its category. */
const RECORD_WINDOW = 300;

export interface LedgerProposal {
  summary: string;
  fingerprint: string;
}

export interface LedgerDecision {
  summary: string;
  fingerprint: string;
  verdict: Decision['verdict'];
  reason?: string;
  decidedAt: string;
  /** Confirmed with changes: what the person applied instead, and the edit in a few words. */
  applied?: { summary: string; change: string };
}

export interface WakeContext {
  today: string;
  task: Task;
  category?: Category;
  checklist: ChecklistItem[];
  availableLabels: Label[];
  /** Other categories the agent may act on: where set_task_category may move the task. */
  otherAllowedCategories: Category[];
  assignedLabels: Label[];
  suppressedLabels: Label[];
  entries: JournalEntry[];
  /** Older live entries exist than those in `entries`, left out of the prompt. */
  olderEntriesLeftOut: boolean;
  previousReport?: { oneLiner: string; tldr: string };
  openProposals: LedgerProposal[];
  recentDecisions: LedgerDecision[];
  /** The agent's record: per kind, how its recent proposals here and in the category fared. */
  record: string[];
  /** Fingerprints the user rejected for this task, with the reason they gave. */
  rejected: Map<string, string | undefined>;
  /** Every live label and category (the wake's journal starts from them). */
  labels: Label[];
  categories: Category[];
  /** The names the wake's proposal summaries may mention, from the rows above. */
  names: SummaryNames;
  /** The person's rules for the task's category (the wake's suppression check). */
  rules: Rule[];
}

/** How a wake starts: refused by the agent's policy, on a missing task, or with its context. */
export type WakeStart =
  | {
      kind: 'denied';
      verdict: Exclude<PolicyVerdict, { allowed: true } | { reason: 'task-missing' }>;
    }
  | { kind: 'missing' }
  | { kind: 'ready'; context: WakeContext };

const CONTEXT_TABLES = [
  'tasks',
  'checklistItems',
  'labels',
  'categories',
  'entries',
  'reports',
  'changeItems',
  'decisions',
  'agents',
  'rules',
] as const;

/**
 * The policy check and the context in one read transaction: the task, its category and the
 * agent are read first, and nothing else of the journal is read when the agent may not act
 * on the task (so none of it can reach a provider).
 */
export async function readWakeStart(
  db: CountersignDatabase,
  taskId: string,
  agentId: string,
  now: Date = new Date(),
): Promise<WakeStart> {
  return db.transaction('r', CONTEXT_TABLES, async () => {
    const policyRows = await readPolicyRows(db, taskId, agentId);
    const { task, agent, categories } = policyRows;
    const category = categories.find((row) => row.id === task?.categoryId);
    const verdict = policyVerdict(task, category, agent);
    if (!verdict.allowed && verdict.reason !== 'task-missing') return { kind: 'denied', verdict };
    const context = verdict.allowed ? await readWakeContext(db, policyRows, now) : undefined;
    return context ? { kind: 'ready', context } : { kind: 'missing' };
  });
}

type PolicyRows = Awaited<ReturnType<typeof readPolicyRows>>;

/** What the policy check reads, side by side: the task, the agent, every category as stored. */
async function readPolicyRows(db: CountersignDatabase, taskId: string, agentId: string) {
  const [task, agent, categories] = await Promise.all([
    db.tasks.get(taskId),
    db.agents.get(agentId),
    db.categories.toArray(),
  ]);
  return { taskId, agentId, task, agent, categories };
}

/** Reads everything in one read transaction: one consistent picture, one round of IndexedDB. */
export async function buildWakeContext(
  db: CountersignDatabase,
  taskId: string,
  agentId: string,
  now: Date = new Date(),
): Promise<WakeContext | undefined> {
  return db.transaction('r', CONTEXT_TABLES, async () =>
    readWakeContext(db, await readPolicyRows(db, taskId, agentId), now),
  );
}

async function readWakeContext(
  db: CountersignDatabase,
  { taskId, agentId, task: stored, agent, categories: storedCategories }: PolicyRows,
  now: Date,
): Promise<WakeContext | undefined> {
  const journal = createJournalReader(db);
  const task = stored && stored.deletedAt === undefined ? stored : undefined;
  if (!task) return undefined;
  const categories = storedCategories.filter((row) => row.deletedAt === undefined);
  const category = categories.find((row) => row.id === task.categoryId);
  const [checklist, labels, prompted, report, pending, decisions, categoryDecisions, rules] =
    await Promise.all([
      journal.checklistItems(taskId),
      journal.labels(),
      readPromptEntries(db, taskId),
      latestReport(db, agentId, taskId),
      db.changeItems.where('[taskId+status]').equals([taskId, 'pending']).toArray(),
      decisionsForTask(db, taskId),
      recentCategoryDecisions(db, task),
      task.categoryId ? db.rules.where('categoryId').equals(task.categoryId).toArray() : [],
    ]);

  const names = summaryNamesOf(checklist, labels, categories);
  const rejected = new Map<string, string | undefined>();
  for (const decision of decisions) {
    if (
      decision.verdict === 'rejected' &&
      !decision.undoneAt &&
      !rejected.has(decision.fingerprint)
    ) {
      rejected.set(decision.fingerprint, decision.rejectionReason);
    }
  }

  return {
    today: now.toISOString().slice(0, 10),
    task,
    category,
    checklist,
    availableLabels: labels.filter(
      (label) =>
        labelAppliesTo(label, task.categoryId) && !task.suppressedLabelIds.includes(label.id),
    ),
    assignedLabels: labels.filter((label) => task.labelIds.includes(label.id)),
    otherAllowedCategories: categories.filter(
      (candidate) =>
        candidate.id !== task.categoryId &&
        (agent?.allowedCategoryIds ?? []).includes(candidate.id),
    ),
    suppressedLabels: labels.filter((label) => task.suppressedLabelIds.includes(label.id)),
    entries: prompted.entries,
    olderEntriesLeftOut: prompted.olderLeftOut,
    previousReport: report ? { oneLiner: report.oneLiner, tldr: report.tldr } : undefined,
    // A twin of a change proposed on another device waits hidden (decision 0016): heard once.
    openProposals: pending
      .filter((item) => item.pendingKey !== undefined)
      .sort((a, b) => a.proposedAt.localeCompare(b.proposedAt) || a.itemIndex - b.itemIndex)
      .map((item) => ({ summary: item.humanSummary, fingerprint: item.fingerprint })),
    recentDecisions: decisions.slice(0, RECENT_DECISIONS).map((decision) => ({
      summary: decision.humanSummary ?? decision.toolName,
      fingerprint: decision.fingerprint,
      verdict: decision.verdict,
      reason: decision.rejectionReason,
      decidedAt: decision.decidedAt,
      ...appliedInstead(decision, names),
    })),
    record: summarizeRecord([
      { name: 'this task', decisions: decisions.slice(0, RECORD_WINDOW) },
      ...(category
        ? [
            {
              name: `other tasks in ${JSON.stringify(category.name)}`,
              decisions: categoryDecisions,
            },
          ]
        : []),
    ]),
    rejected,
    labels,
    categories,
    names,
    rules,
  };
}

/**
 * Of the newest decisions made in the task's category (a window of RECORD_WINDOW, through
 * the decisions' [categoryId+decidedAt] index), those on other tasks. Neither the
 * category's size nor the rest of the history changes what it reads. The window is read
 * whole and filtered here: a Dexie filter would walk it with a cursor, twice as slow.
 */
async function recentCategoryDecisions(db: CountersignDatabase, task: Task): Promise<Decision[]> {
  if (!task.categoryId) return [];
  const recent = await db.decisions
    .where('[categoryId+decidedAt]')
    .between([task.categoryId, ''], [task.categoryId, '\uffff'])
    .reverse()
    .limit(RECORD_WINDOW)
    .toArray();
  return recent.filter((decision) => decision.taskId !== task.id);
}

/** For a decision confirmed with changes: what the person applied instead, in the tool's words. */
function appliedInstead(decision: Decision, names: SummaryNames): Pick<LedgerDecision, 'applied'> {
  if (!decision.appliedArgs || decision.undoneAt) return {};
  let summary = decision.toolName;
  try {
    summary = findTool(decision.toolName)?.summarize(decision.appliedArgs, names) ?? summary;
  } catch {
    // Arguments from another version of the app: the change in values still says it.
  }
  return {
    applied: { summary, change: describeChangedValues(decision.args, decision.appliedArgs) },
  };
}
