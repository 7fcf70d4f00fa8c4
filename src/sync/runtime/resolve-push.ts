/**
 * The person's decision on a push whose outcome could not be found out, audited in the
 * same transaction: "it did not happen" sends it again at once (when connected); the
 * other choices settle it through `resolveIndeterminate`.
 */
import type { CountersignDatabase } from '../../db/database';
import type { PushClock } from '../push/push-clock';
import type { PushDeps } from '../push/push-deps';
import { pushOne } from '../push/push-one';
import type { IndeterminateChoice } from '../push/push-row';
import { resolveIndeterminate } from '../push/resolve-indeterminate';
import { describeChoice } from './describe-choice';
import { addAuditMessages } from '../../dispatcher/audit-writer';

export async function resolvePush(
  db: CountersignDatabase,
  deps: PushDeps,
  clock: PushClock,
  /** Runs the push again between the runtime's tasks; undefined while not connected. */
  sendAgain: ((task: () => Promise<unknown>) => Promise<unknown>) | undefined,
  operationId: string,
  choice: IndeterminateChoice,
): Promise<void> {
  const audit = {
    id: crypto.randomUUID(),
    kind: 'action' as const,
    source: 'user' as const,
    operationId,
    summary: describeChoice(choice, operationId),
    payload: { choice },
    createdAt: new Date(clock.now()).toISOString(),
  };
  if (choice === 'did-not-happen') {
    await db.transaction('rw', [db.syncPushes, db.outbox, db.auditMessages], async () => {
      const record = await db.syncPushes.get(operationId);
      if (record?.state !== 'indeterminate') return;
      await addAuditMessages(db, [audit]);
      const { nextAttemptAt: _next, ...rest } = record;
      await db.syncPushes.put({
        ...rest,
        state: 'pending',
        attempts: 0,
        resolution: { choice, at: clock.now() },
        updatedAt: clock.now(),
      });
    });
    await sendAgain?.(() => pushOne(deps, operationId)).catch(() => undefined);
    return;
  }
  await db.transaction('rw', [db.syncPushes, db.outbox, db.auditMessages], async () => {
    await addAuditMessages(db, [audit]);
    await resolveIndeterminate(deps, operationId, choice);
  });
}
