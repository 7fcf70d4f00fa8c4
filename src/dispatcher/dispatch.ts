/**
 * dispatch(): the one write path for journal data. Looks the tool up, parses the
 * arguments with its schema, enforces the category policy for agent-originated calls,
 * runs the handler inside one IndexedDB transaction together with the ledger row, the
 * audit messages and the outbox row, and never throws: every failure comes back as a
 * result the caller can show or hand to a model. It is runStep() with nothing but the
 * call; callers with writes of their own use runStep()/runSteps() (run-operations.ts).
 */
import type { CountersignDatabase } from '../db/database';
import type { DispatchContext, DispatchResult } from './dispatch-types';
import { runOperation } from './run-operations';

export async function dispatch(
  db: CountersignDatabase,
  toolName: string,
  rawArgs: unknown,
  context: DispatchContext,
): Promise<DispatchResult> {
  const outcome = await runOperation<never, never>(db, {
    call: { toolName, args: rawArgs, context },
  });
  // A step with a call and no guard ends applied or failed; either way it carries a result.
  return outcome.kind === 'refused' ? unreachable() : outcome.result!;
}

function unreachable(): never {
  throw new Error('dispatch() has no guard, so it cannot be refused.');
}
