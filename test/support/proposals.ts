/** Puts proposals in front of the review service the way a wake does: through the ChangeSetBuilder. */
import { ChangeSetBuilder } from '../../src/agent/change-set-builder';
import type { CountersignDatabase } from '../../src/db/database';
import { getDeviceId } from '../../src/db/settings';
import { DEFAULT_AGENT_ID } from '../../src/domain/agent';
import { isOpenChangeSet, type ChangeItem, type ChangeSet } from '../../src/domain/change-set';
import { resolveModelToolCall } from '../../src/tools/model-call';

/** A change set with its items, in order: the shape tests read proposals in. */
export type SetWithItems = ChangeSet & { items: ChangeItem[] };

export async function setWithItems(
  db: CountersignDatabase,
  changeSetId: string,
): Promise<SetWithItems> {
  const [set, items] = await Promise.all([
    db.changeSets.get(changeSetId),
    db.changeItems.where('changeSetId').equals(changeSetId).sortBy('itemIndex'),
  ]);
  if (!set) throw new Error(`no change set ${changeSetId}`);
  return { ...set, items };
}

/** Every item proposed for a task, oldest set first. */
export async function itemsOfTask(db: CountersignDatabase, taskId: string): Promise<ChangeItem[]> {
  const items = await db.changeItems.where('taskId').equals(taskId).toArray();
  return items.sort(
    (a, b) =>
      a.proposedAt.localeCompare(b.proposedAt) ||
      a.changeSetId.localeCompare(b.changeSetId) ||
      a.itemIndex - b.itemIndex,
  );
}

export async function propose(
  db: CountersignDatabase,
  taskId: string,
  calls: { name: string; args: unknown }[],
  /** When the proposals are made (a flush at that time), and their time to live. */
  options: { now?: () => Date; ttlDays?: number } = {},
): Promise<SetWithItems> {
  const builder = new ChangeSetBuilder({
    ...options,
    db,
    taskId,
    agentId: DEFAULT_AGENT_ID,
    operationKey: `wake:${crypto.randomUUID()}`,
    deviceId: await getDeviceId(db),
    rejected: new Map(),
    openFingerprints: new Set(),
  });
  for (const [index, call] of calls.entries()) {
    const resolved = resolveModelToolCall(call.name, call.args);
    if (!resolved.ok) throw new Error(resolved.error);
    const outcome = await builder.propose(
      resolved.tool,
      resolved.tool.argsSchema.parse(resolved.args),
      `call-${index}`,
    );
    if (outcome.skipped.length > 0) throw new Error(`skipped: ${JSON.stringify(outcome.skipped)}`);
  }
  await builder.flush();
  const set = (await db.changeSets.where('taskId').equals(taskId).toArray()).find(isOpenChangeSet);
  if (!set) throw new Error('no change set');
  return setWithItems(db, set.id);
}
