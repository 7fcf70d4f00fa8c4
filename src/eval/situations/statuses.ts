/** Situations about the task's status: with its reason, and never closed by the agent. */
import type { SituationInput } from '../situation';
import { CLOSES_THE_TASK, HOME, WORK } from './common';

export const STATUSES: SituationInput[] = [
  {
    id: 'blocked-with-reason',
    name: 'A status with its reason',
    task: {
      title: 'Open the firewall for the reporting API',
      status: 'IN PROGRESS',
      category: WORK,
    },
    entries: [
      "Can't continue: the security team has to approve the firewall change first, and they said next week at the earliest.",
    ],
    expect: [
      {
        says: 'BLOCKED, with the security approval as its reason',
        tools: ['set_task_status'],
        args: { status: 'BLOCKED' },
        mentions: ['security|firewall'],
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'on-hold-with-reason',
    name: 'Paused, with why',
    task: { title: 'Redesign the website', status: 'IN PROGRESS', category: WORK },
    entries: [
      'Agreed with Maria today: we pause the redesign until the new brand guidelines arrive in the autumn. Nothing to do before then.',
    ],
    expect: [
      {
        says: 'ON HOLD, with the brand guidelines as its reason',
        tools: ['set_task_status'],
        args: { status: 'ON HOLD' },
        mentions: ['brand|guideline'],
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'block-ended',
    name: 'A block that ended',
    task: {
      title: 'Fit the new kitchen shelves',
      status: 'BLOCKED',
      statusReason: 'Waiting for the keys from the agency',
      category: HOME,
    },
    entries: ['Got the keys from the agency this morning and started drilling the first holes.'],
    expect: [
      {
        says: 'IN PROGRESS',
        tools: ['set_task_status'],
        args: { status: 'IN PROGRESS' },
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'finished-work',
    name: 'Finished work: the person closes it',
    task: { title: 'Ship the spring newsletter', status: 'IN PROGRESS', category: WORK },
    entries: [
      'Finished! The newsletter went out at 9:00 and the client signed off on the numbers.',
    ],
    expect: [],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
];
