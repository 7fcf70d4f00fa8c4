/**
 * A user edit with its own pending flag and error message, so each field shows what went
 * wrong right next to itself. Writes go through `userEdit` (the dispatcher), never Dexie.
 */
import { useCallback, useState } from 'react';
import type { DispatchResult } from '../../dispatcher/dispatch-types';
import { userEdit } from '../../dispatcher/user-edit';

export interface ToolCall {
  /** Dispatches the tool; on failure `error` holds the dispatcher's explanation. Never throws. */
  run(toolName: string, args: unknown): Promise<DispatchResult>;
  pending: boolean;
  error: string | undefined;
  setError(message: string | undefined): void;
}

export function useToolCall(taskId?: string): ToolCall {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = useCallback(
    async (toolName: string, args: unknown) => {
      setPending(true);
      setError(undefined);
      const result = await userEdit(toolName, args, taskId === undefined ? {} : { taskId });
      setPending(false);
      if (!result.success) setError(result.output);
      return result;
    },
    [taskId],
  );
  return { run, pending, error, setError };
}
