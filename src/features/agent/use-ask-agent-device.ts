/**
 * Wake agent on a device with no model: asks an agent device instead (Wake on ‹agent
 * device›, src/sync/live). The request code loads on the first tap, not with the page.
 * Its proposals arrive by sync like any other device's.
 */
import { useState } from 'react';
import { getDatabase } from '../../db/connection';

export interface AskState {
  asking: boolean;
  outcome?: { asked: boolean; message: string };
}

export function useAskAgentDevice(taskId: string): { state: AskState; ask(): void } {
  const [state, setState] = useState<AskState>({ asking: false });
  const ask = () => {
    if (state.asking) return;
    setState({ asking: true });
    void import('../../sync/live/ask-agent-device')
      .then(({ askAgentDeviceToWake }) => askAgentDeviceToWake(getDatabase(), taskId))
      .catch(() => ({
        asked: false,
        message:
          'Countersign could not load the code that asks the agent device. If you are offline, reconnect; then try again.',
      }))
      .then((outcome) => setState({ asking: false, outcome }));
  };
  return { state, ask };
}
