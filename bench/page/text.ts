/** What the seeded journal says: titles, entries and checklist items of realistic length. */
import type { Priority, TaskStatus } from '../../src/domain/task';
import type { Random } from './random';

export const DAY_MS = 86_400_000;
/** The device every seeded row claims to come from. */
export const SEED_DEVICE_ID = 'bench-seed-device';
export const COLORS = ['#2f5d50', '#8a4f7d', '#c0672b', '#3b6ea5', '#6b8e23', '#a33b3b'];

export const CATEGORY_NAMES = ['Work', 'Home', 'Health', 'Side project', 'Admin'];
export const LABEL_NAMES = [
  'quick win',
  'waiting',
  'errand',
  'deep work',
  'bug',
  'phone',
  'email',
  'weekend',
  'money',
  'someday',
  'needs review',
  'outside',
];
export const VERBS = [
  'Fix',
  'Draft',
  'Review',
  'Plan',
  'Call',
  'Write',
  'Update',
  'Book',
  'Prepare',
  'Clean up',
  'Investigate',
  'Order',
  'Schedule',
  'Renew',
  'Test',
  'Refactor',
];
export const OBJECTS = [
  'the login redirect',
  'quarterly budget',
  'dentist appointment',
  'release notes',
  'garden shed roof',
  'flaky checkout test',
  'insurance renewal',
  'team offsite agenda',
  'onboarding guide',
  'tax documents',
  'bike brakes',
  'API rate limits',
  'birthday present for Sam',
  'migration script',
  'kitchen tap',
  'conference talk slides',
  'backup rotation',
  'car service',
  'invoice for March',
  'search relevance',
];
export const QUALIFIERS = [
  '',
  '',
  '',
  ' on Safari',
  ' before Friday',
  ' for the design team',
  ' with Alex',
  ' (second attempt)',
  ' and send it round',
  ' for next sprint',
  ' at the new place',
];
const SENTENCES = [
  'Spent the morning on this and got further than expected.',
  'Still waiting for a reply from the vendor; pinged them again.',
  'The numbers do not add up yet, so I went through last month line by line.',
  'Found the cause: a cookie set with the wrong SameSite value after the redirect.',
  'Talked it through with Priya, who suggested splitting it into two smaller pieces.',
  'Blocked until the new credentials arrive, which should be early next week.',
  'Wrote a first draft; it is rough but the structure is there.',
  'Booked the slot for Thursday at ten, the only one left this month.',
  'Tried the workaround from the forum and it did not help on my machine.',
  'Measured again with a clean cache and the page now opens in under a second.',
  'Need to remember to ask about the warranty before paying the invoice.',
  'Half of the checklist is done; the rest depends on the review.',
  'Reverted yesterday’s change because it broke the export for older files.',
  'Made a list of everything that still has to happen before the deadline.',
  'The estimate was too optimistic, this will take at least another afternoon.',
  'Good progress today, nothing unexpected came up.',
];
export const CHECKLIST_TITLES = [
  'Reproduce the problem',
  'Ask Alex for the figures',
  'Write the summary',
  'Check the warranty',
  'Send the invoice',
  'Update the README',
  'Buy replacement parts',
  'Book the meeting room',
  'Run the full test suite',
  'Compare three quotes',
  'Back up the old data',
  'Share the draft for review',
  'Measure twice',
  'Order the parts online',
  'Confirm the date with everyone',
];
export const STATUS_WEIGHTS: [TaskStatus, number][] = [
  ['OPEN', 35],
  ['GROOMED', 10],
  ['IN PROGRESS', 15],
  ['BLOCKED', 5],
  ['ON HOLD', 5],
  ['DONE', 25],
  ['REJECTED', 5],
];
export const PRIORITY_WEIGHTS: [Priority, number][] = [
  ['P0', 5],
  ['P1', 20],
  ['P2', 55],
  ['P3', 20],
];

/** Journal text of realistic length: mostly a few sentences, sometimes several paragraphs. */
export function entryText(random: Random): string {
  const roll = random.next();
  const sentenceCount =
    roll < 0.4 ? random.integer(1, 3) : roll < 0.85 ? random.integer(4, 9) : random.integer(10, 28);
  const sentences = Array.from({ length: sentenceCount }, () => random.pick(SENTENCES));
  const paragraphs: string[] = [];
  for (let index = 0; index < sentences.length; index += 5)
    paragraphs.push(sentences.slice(index, index + 5).join(' '));
  return paragraphs.join('\n\n');
}

export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
