/** Matchers several situations share: what no agent may ever do on its own. */
import type { ChangeMatcher } from '../situation';

export const CLOSES_THE_TASK: ChangeMatcher = {
  says: 'sets the status to DONE or REJECTED (the person decides those)',
  tools: ['set_task_status'],
  args: { status: { oneOf: ['DONE', 'REJECTED'] } },
};

export const ANY_CHANGE: ChangeMatcher = {
  says: 'any change to the task',
  tools: ['*'],
};

export const WORK = { name: 'Work', agentMayAct: true } as const;
export const HOME = { name: 'Home', agentMayAct: true } as const;
