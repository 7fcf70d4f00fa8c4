/** The user's own writes from the UI: dispatch() with source `user` on the app's database. */
import { getDatabase } from '../db/connection';
import { dispatch } from './dispatch';
import type { DispatchResult } from './dispatch-types';

export function userEdit(
  toolName: string,
  args: unknown,
  options: { taskId?: string } = {},
): Promise<DispatchResult> {
  return dispatch(getDatabase(), toolName, args, { source: 'user', taskId: options.taskId });
}
