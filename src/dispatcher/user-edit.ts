/**
 * The user's own writes from the UI: dispatch() with source `user` on the app's database.
 * The write path (dispatch, the tool catalogue and their zod schemas) is loaded on the
 * first edit, not with the page: reading the journal needs none of it.
 */
import { getDatabase } from '../db/connection';
import type { DispatchResult } from './dispatch-types';
import { loadDispatch } from './load-dispatch';

/** Never throws: like dispatch(), every failure comes back as a result to show. */
export async function userEdit(
  toolName: string,
  args: unknown,
  options: { taskId?: string } = {},
): Promise<DispatchResult> {
  let dispatch: Awaited<ReturnType<typeof loadDispatch>>;
  try {
    dispatch = await loadDispatch();
  } catch {
    // Nothing was attempted, so there is no operation to audit: the journal is unchanged.
    const output =
      'Countersign could not load the code that saves changes. If you are offline, reconnect; then try again or reload the page.';
    return { success: false, output, errorMessage: output, operationId: '', mutatedEntries: [] };
  }
  return dispatch(getDatabase(), toolName, args, { source: 'user', taskId: options.taskId });
}

/** The person's one tap on "Allow the agent on ‹category›": undefined when it worked, else why not. */
export async function allowAgentOnCategory(categoryId: string): Promise<string | undefined> {
  const result = await userEdit('allow_agent_category', { categoryId, allowed: true });
  return result.success ? undefined : `Not allowed: ${result.output}`;
}
