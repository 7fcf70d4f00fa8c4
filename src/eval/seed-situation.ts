/**
 * Writes one situation into a throwaway database the way a person would have: every row
 * through dispatch() as the user, and the past decisions as real proposals (the wake's
 * ChangeSetBuilder) that the person rejected or confirmed with changes. So the wake reads
 * them exactly as it reads a real journal.
 */
import { ChangeSetBuilder } from '../agent/change-set-builder';
import { confirmItem } from '../confirmation/confirm-item';
import { rejectItem } from '../confirmation/reject-item';
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { DEFAULT_AGENT_ID } from '../domain/agent';
import { dispatch } from '../dispatcher/dispatch';
import { resolveModelToolCall } from '../tools/model-call';
import type { PastProposal, Situation } from './situation';

/** The seeded task, and the ids of the rows a matcher can name (`label:Urgent` → id). */
export interface SeededSituation {
  taskId: string;
  ids: ReadonlyMap<string, string>;
}

const COLOURS = ['#336699', '#2f5d50', '#8a5a00', '#993333'];

export async function seedSituation(
  db: CountersignDatabase,
  situation: Situation,
): Promise<SeededSituation> {
  const ids = new Map<string, string>();
  const write = async (toolName: string, args: unknown, taskId?: string) => {
    const result = await dispatch(db, toolName, args, { source: 'user', taskId });
    if (!result.success)
      throw new Error(`Seeding "${situation.id}": ${toolName} failed: ${result.output}`);
    return result.data ?? {};
  };

  const { task } = situation;
  const categories = [task.category, ...(situation.otherCategories ?? [])];
  for (const [index, category] of categories.entries()) {
    const data = await write('save_category', {
      name: category.name,
      color: COLOURS[index % COLOURS.length],
    });
    ids.set(`category:${category.name}`, String(data.categoryId));
  }
  const labelNames = new Set([
    ...(task.labels ?? []),
    ...(task.removedLabels ?? []),
    ...(situation.availableLabels ?? []),
  ]);
  for (const [index, name] of [...labelNames].entries()) {
    const data = await write('save_label', { name, color: COLOURS[index % COLOURS.length] });
    ids.set(`label:${name}`, String(data.labelId));
  }

  const created = await write('create_task', {
    title: task.title,
    categoryId: ids.get(`category:${task.category.name}`),
    ...(task.priority ? { priority: task.priority } : {}),
    ...(task.estimateMinutes ? { estimateMinutes: task.estimateMinutes } : {}),
    ...(task.dueDate ? { dueDate: task.dueDate } : {}),
  });
  const taskId = String(created.taskId);
  if (task.status && task.status !== 'OPEN')
    await write('change_task_status', { status: task.status, reason: task.statusReason }, taskId);
  if (task.labels?.length)
    await write(
      'set_task_labels',
      { labelIds: task.labels.map((name) => ids.get(`label:${name}`)) },
      taskId,
    );
  for (const name of task.removedLabels ?? [])
    await write('suppress_task_label', { id: ids.get(`label:${name}`) }, taskId);
  if (task.checklist?.length) {
    const data = await write('add_multiple_checklist_items', { items: task.checklist }, taskId);
    for (const item of data.createdItems as { id: string; title: string }[])
      ids.set(`item:${item.title}`, item.id);
  }
  for (const text of situation.entries) await write('add_journal_entry', { text }, taskId);
  for (const category of categories.filter((candidate) => candidate.agentMayAct))
    await write('allow_agent_category', {
      categoryId: ids.get(`category:${category.name}`),
      allowed: true,
    });

  for (const past of situation.decisions ?? []) await decidePast(db, taskId, past, situation.id);
  return { taskId, ids };
}

/** A proposal made as a wake makes it, then decided as the person decided it. */
async function decidePast(
  db: CountersignDatabase,
  taskId: string,
  past: PastProposal,
  situationId: string,
): Promise<void> {
  const resolved = resolveModelToolCall(past.tool, past.args);
  if (!resolved.ok) throw new Error(`Seeding "${situationId}": ${resolved.error}`);
  const builder = new ChangeSetBuilder({
    db,
    taskId,
    agentId: DEFAULT_AGENT_ID,
    operationKey: `wake:${crypto.randomUUID()}`,
    deviceId: await getDeviceId(db),
    rejected: new Map(),
    openFingerprints: new Set(),
  });
  const outcome = await builder.propose(
    resolved.tool,
    resolved.tool.argsSchema.parse(resolved.args),
    'seed-1',
  );
  if (outcome.queued.length !== 1)
    throw new Error(`Seeding "${situationId}": the past proposal was not queued.`);
  await builder.flush();
  const item = (await db.changeItems.where('taskId').equals(taskId).toArray()).find(
    (candidate) => candidate.status === 'pending',
  );
  if (!item) throw new Error(`Seeding "${situationId}": the past proposal was not saved.`);
  const result =
    past.verdict === 'rejected'
      ? await rejectItem(db, item.changeSetId, item.itemIndex, { reason: past.reason })
      : await confirmItem(db, item.changeSetId, item.itemIndex, { edited: past.applied });
  if (result.status !== 'applied' && result.status !== 'rejected')
    throw new Error(`Seeding "${situationId}": deciding the past proposal said ${result.message}`);
}
