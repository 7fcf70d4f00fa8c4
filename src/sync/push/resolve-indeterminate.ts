/**
 * The person's decision on an `indeterminate` push (reconciliation spec):
 *   - "it happened": the operation is on the server; the push is `applied`;
 *   - "it did not happen": push it again, from a fresh attempt budget; still exactly
 *     once, because the server refuses a second copy of an operation;
 *   - "skip": do not send it; the push ends `failed` with the choice recorded.
 * The caller writes the audit message for the choice (phase 2: same transaction).
 */
import { requireRow, save, type PushDeps } from './push-deps';
import { pushOne } from './push-one';
import type { IndeterminateChoice, PushRow } from './push-row';

export class NotIndeterminateError extends Error {
  override readonly name = 'NotIndeterminateError';
  constructor(
    readonly operationId: string,
    readonly state: string,
  ) {
    super(
      `Operation ${operationId} is "${state}", not waiting for a decision: nothing was changed.`,
    );
  }
}

export async function resolveIndeterminate(
  deps: PushDeps,
  operationId: string,
  choice: IndeterminateChoice,
): Promise<PushRow> {
  const row = await requireRow(deps, operationId);
  if (row.state !== 'indeterminate') throw new NotIndeterminateError(operationId, row.state);
  const resolution = { choice, at: deps.clock.now() };
  switch (choice) {
    case 'happened':
      return save(deps, row, { state: 'applied', resolution, lastError: undefined });
    case 'skip':
      return save(deps, row, {
        state: 'failed',
        resolution,
        lastError: 'Skipped by the person: not sent.',
      });
    case 'did-not-happen': {
      const again = await save(deps, row, {
        state: 'pending',
        attempts: 0,
        resolution,
        nextAttemptAt: undefined,
      });
      return pushOne(deps, again.operationId);
    }
  }
}
