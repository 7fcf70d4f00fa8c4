/**
 * The journal a person sees on first open: realistic tasks with checklists and entries
 * that give an agent something to act on (missing estimates, blockers mentioned in
 * entries, items already done but unchecked). Ids are stable so a second tab seeding
 * at the same moment merges instead of duplicating, and the demo agent can find them.
 */
import type { JournalFile } from './journal-file';
import { JOURNAL_FILE_FORMAT, JOURNAL_FILE_VERSION } from './journal-file';
import type { Category, Label } from './category';
import type { ChecklistItem } from './checklist-item';
import type { JournalEntry } from './journal-entry';
import type { Priority, Task, TaskStatus } from './task';

/** The clock's writer of every sample row until someone changes it. */
export const SAMPLE_JOURNAL_DEVICE = 'sample';
const DEVICE = SAMPLE_JOURNAL_DEVICE;
const DAY = 86_400_000;

export const SAMPLE_IDS = {
  categories: { work: 'sample-cat-work', home: 'sample-cat-home', health: 'sample-cat-health' },
  labels: {
    quickWin: 'sample-label-quick-win',
    waiting: 'sample-label-waiting',
    errand: 'sample-label-errand',
    deepWork: 'sample-label-deep-work',
    bug: 'sample-label-bug',
  },
} as const;

interface TaskSeed {
  id: string;
  title: string;
  status: TaskStatus;
  statusReason?: string;
  priority: Priority;
  categoryId: string;
  labelIds?: string[];
  estimateMinutes?: number;
  dueInDays?: number;
  ageDays: number;
  checklist: [title: string, checked: boolean][];
  entries: [daysAgo: number, text: string][];
}

const TASKS: TaskSeed[] = [
  {
    id: 'sample-task-login-bug',
    title: 'fix login',
    status: 'OPEN',
    priority: 'P2',
    categoryId: SAMPLE_IDS.categories.work,
    labelIds: [SAMPLE_IDS.labels.bug],
    ageDays: 3,
    checklist: [
      ['Reproduce on Safari 18', true],
      ['Check the session cookie SameSite setting', false],
    ],
    entries: [
      [
        3,
        'Three customers report being logged out right after signing in on Safari. Chrome is fine.',
      ],
      [
        1,
        'Reproduced it: the session cookie is dropped on the redirect back from the identity provider. Probably SameSite=Strict. This is blocking the release on Friday, so it should be top priority. Fix plus a regression test is maybe two hours.',
      ],
    ],
  },
  {
    id: 'sample-task-offsite',
    title: 'Plan the team offsite',
    status: 'GROOMED',
    priority: 'P2',
    categoryId: SAMPLE_IDS.categories.work,
    estimateMinutes: 240,
    dueInDays: 21,
    ageDays: 10,
    checklist: [
      ['Collect date preferences', true],
      ['Shortlist three venues', false],
    ],
    entries: [
      [9, 'Everyone answered the date poll; the week of the 14th works for all but Dana.'],
      [
        2,
        'Called two venues near the lake. Still need: book the venue, arrange transport, draft the agenda, and send the invitations once the venue is confirmed.',
      ],
    ],
  },
  {
    id: 'sample-task-tax-return',
    title: 'File the tax return',
    status: 'IN PROGRESS',
    priority: 'P1',
    categoryId: SAMPLE_IDS.categories.home,
    dueInDays: 9,
    ageDays: 20,
    checklist: [
      ['Download bank statements', true],
      ['Collect donation receipts', false],
      ['Fill in the online form', false],
    ],
    entries: [
      [6, 'Found all donation receipts in the blue folder, they are scanned now.'],
      [
        1,
        'Waiting for the annual statement from the pension fund before I can finish the form. They said it arrives next week.',
      ],
    ],
  },
  {
    id: 'sample-task-dentist',
    title: 'Book a dentist appointment',
    status: 'OPEN',
    priority: 'P3',
    categoryId: SAMPLE_IDS.categories.health,
    labelIds: [SAMPLE_IDS.labels.errand],
    ageDays: 15,
    checklist: [],
    entries: [
      [
        15,
        'Last check-up was fourteen months ago. Ten-minute phone call; the practice is open Tuesday to Friday mornings.',
      ],
    ],
  },
  {
    id: 'sample-task-quarterly-report',
    title: 'Write the quarterly report',
    status: 'OPEN',
    priority: 'P1',
    categoryId: SAMPLE_IDS.categories.work,
    labelIds: [SAMPLE_IDS.labels.deepWork],
    estimateMinutes: 180,
    dueInDays: 5,
    ageDays: 7,
    checklist: [
      ['Pull the revenue numbers', false],
      ['Draft the summary', false],
    ],
    entries: [
      [4, 'Finance sent the revenue numbers this morning, so that part is done.'],
      [
        0,
        'Outline agreed with Sam: summary, revenue, hiring, risks. Sam wants a draft by Wednesday.',
      ],
    ],
  },
  {
    id: 'sample-task-bike',
    title: 'Repair the bike',
    status: 'ON HOLD',
    statusReason: 'Waiting for the spare part',
    priority: 'P3',
    categoryId: SAMPLE_IDS.categories.home,
    labelIds: [SAMPLE_IDS.labels.waiting],
    ageDays: 30,
    checklist: [
      ['Order a new brake cable', true],
      ['Replace the brake cable', false],
    ],
    entries: [
      [25, 'Front brake cable is frayed. Ordered a replacement.'],
      [2, 'The part arrived today! Replacing it should take about 45 minutes.'],
    ],
  },
  {
    id: 'sample-task-running',
    title: 'Train for the 10k run',
    status: 'IN PROGRESS',
    priority: 'P2',
    categoryId: SAMPLE_IDS.categories.health,
    dueInDays: 40,
    ageDays: 35,
    checklist: [
      ['Week 1: three easy runs', true],
      ['Week 2: add intervals', true],
      ['Week 3: long run of 8 km', false],
    ],
    entries: [
      [
        1,
        'Ran 8 km on Sunday without stopping. Knees felt fine. Next up: a 9 km long run and one tempo session.',
      ],
    ],
  },
  {
    id: 'sample-task-newsletter',
    title: 'Renew the newsletter domain',
    status: 'OPEN',
    priority: 'P2',
    categoryId: SAMPLE_IDS.categories.work,
    labelIds: [SAMPLE_IDS.labels.quickWin],
    ageDays: 2,
    checklist: [],
    entries: [
      [
        2,
        'The registrar emailed: the domain expires in 12 days. Renewal is a five-minute job, the card on file expired though.',
      ],
    ],
  },
];

export function buildSampleJournal(now: Date = new Date()): JournalFile {
  const at = (daysAgo: number, offsetMinutes = 0) =>
    new Date(now.getTime() - daysAgo * DAY + offsetMinutes * 60_000).toISOString();
  const dateIn = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  const base = (id: string, daysAgo: number) => ({
    id,
    createdAt: at(daysAgo),
    updatedAt: at(daysAgo),
    rev: 1,
    vectorClock: { [DEVICE]: 1 },
  });

  const categories: Category[] = [
    { ...base(SAMPLE_IDS.categories.work, 40), name: 'Work', color: '#2f6db5' },
    { ...base(SAMPLE_IDS.categories.home, 40), name: 'Home', color: '#b5652f' },
    { ...base(SAMPLE_IDS.categories.health, 40), name: 'Health', color: '#2f9466' },
  ];
  const labels: Label[] = [
    { ...base(SAMPLE_IDS.labels.quickWin, 40), name: 'Quick win', color: '#6b8e23' },
    { ...base(SAMPLE_IDS.labels.waiting, 40), name: 'Waiting', color: '#8a6d1f' },
    {
      ...base(SAMPLE_IDS.labels.errand, 40),
      name: 'Errand',
      color: '#7a4fa0',
      categoryIds: [SAMPLE_IDS.categories.home, SAMPLE_IDS.categories.health],
    },
    {
      ...base(SAMPLE_IDS.labels.deepWork, 40),
      name: 'Deep work',
      color: '#2f5d50',
      categoryIds: [SAMPLE_IDS.categories.work],
    },
    {
      ...base(SAMPLE_IDS.labels.bug, 40),
      name: 'Bug',
      color: '#b23a3a',
      categoryIds: [SAMPLE_IDS.categories.work],
    },
  ];

  const tasks: Task[] = [];
  const checklistItems: ChecklistItem[] = [];
  const entries: JournalEntry[] = [];
  for (const seed of TASKS) {
    const task: Task = {
      ...base(seed.id, seed.ageDays),
      title: seed.title,
      status: seed.status,
      statusHistory: [{ status: 'OPEN', at: at(seed.ageDays), by: 'user' }],
      priority: seed.priority,
      categoryId: seed.categoryId,
      labelIds: seed.labelIds ?? [],
      suppressedLabelIds: [],
    };
    if (seed.status !== 'OPEN') {
      task.statusHistory.push({
        status: seed.status,
        reason: seed.statusReason,
        at: at(seed.ageDays - 1),
        by: 'user',
      });
      if (seed.statusReason) task.statusReason = seed.statusReason;
    }
    if (seed.estimateMinutes !== undefined) task.estimateMinutes = seed.estimateMinutes;
    if (seed.dueInDays !== undefined) task.dueDate = dateIn(seed.dueInDays);
    tasks.push(task);
    seed.checklist.forEach(([title, checked], index) => {
      const item: ChecklistItem = {
        ...base(`${seed.id}-item-${index + 1}`, seed.ageDays),
        taskId: seed.id,
        title,
        isChecked: checked,
        isArchived: false,
        order: index + 1,
      };
      if (checked) {
        item.checkedBy = 'user';
        item.checkedAt = at(seed.ageDays - 1);
      }
      checklistItems.push(item);
    });
    seed.entries.forEach(([daysAgo, text], index) => {
      entries.push({ ...base(`${seed.id}-entry-${index + 1}`, daysAgo), taskId: seed.id, text });
    });
  }

  return {
    format: JOURNAL_FILE_FORMAT,
    version: JOURNAL_FILE_VERSION,
    exportedAt: now.toISOString(),
    tables: { categories, labels, tasks, checklistItems, entries, agents: [], rules: [] },
  };
}
