/** Puts proposals in front of the review service the way a wake does: through the ChangeSetBuilder. */
import { ChangeSetBuilder } from '../../src/agent/change-set-builder';
import type { CountersignDatabase } from '../../src/db/database';
import { getDeviceId } from '../../src/db/settings';
import { DEFAULT_AGENT_ID } from '../../src/domain/agent';
import { resolveModelToolCall } from '../../src/tools/model-call';

export async function propose(
  db: CountersignDatabase,
  taskId: string,
  calls: { name: string; args: unknown }[],
) {
  const builder = new ChangeSetBuilder({
    db,
    taskId,
    agentId: DEFAULT_AGENT_ID,
    runKey: `wake:${crypto.randomUUID()}`,
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
  const set = (await db.changeSets.where('taskId').equals(taskId).toArray()).find(
    (candidate) => candidate.status !== 'resolved',
  );
  if (!set) throw new Error('no change set');
  return set;
}
