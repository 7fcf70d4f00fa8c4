/** A task with a long journal: the one fact that matters is among many routine notes. */
import type { SituationInput } from '../situation';
import { CLOSES_THE_TASK, WORK } from './common';

const ROUTINE = [
  'Checked the shared folder again, nothing new from the client.',
  'Call with the design team, they are still reviewing the mock-ups.',
  'Updated the tracking sheet with this week’s numbers.',
  'Answered two questions from support about the old release.',
  'Tidied the backlog a bit; no decisions today.',
];

export const LONG_JOURNAL: SituationInput[] = [
  {
    id: 'long-journal',
    name: 'A long journal',
    task: { title: 'Deliver the client portal', status: 'IN PROGRESS', category: WORK },
    entries: [
      'Kick-off with the client. The deadline is still open; they will confirm it later.',
      ...Array.from(
        { length: 80 },
        (_, index) => `Day ${index + 1}: ${ROUTINE[index % ROUTINE.length]}`,
      ),
      'Final answer from the client today: the portal must be delivered by 2030-09-30, no later.',
      ...Array.from(
        { length: 6 },
        (_, index) => `Later note ${index + 1}: ${ROUTINE[(index + 2) % ROUTINE.length]}`,
      ),
    ],
    expect: [
      {
        says: 'the due date 2030-09-30',
        tools: ['update_task_due_date'],
        args: { dueDate: '2030-09-30' },
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 4,
  },
];
