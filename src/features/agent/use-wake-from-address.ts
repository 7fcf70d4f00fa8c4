/**
 * Starts the wake an address asks for (`?wake=now`, as the welcome's "Try the demo agent"
 * links), once, when the panel knows the agent may act on the task. The parameter is taken
 * out of the address first, so going back or reloading does not wake the agent again.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { wakeFromPage } from './wake-from-page';

const WAKE_PARAM = 'wake';

export function useWakeFromAddress(taskId: string, allowed: boolean | undefined): void {
  const [params, setParams] = useSearchParams();
  const asked = params.get(WAKE_PARAM) === 'now';
  useEffect(() => {
    if (!asked || allowed === undefined) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(WAKE_PARAM);
        return next;
      },
      { replace: true },
    );
    // Refused by policy: the panel's notice says why, and nothing is started.
    if (allowed) void wakeFromPage(taskId, 'manual');
  }, [asked, allowed, taskId, setParams]);
}
