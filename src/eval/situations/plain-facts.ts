/** Situations where the journal states a fact plainly and one change follows from it. */
import type { SituationInput } from '../situation';
import { CLOSES_THE_TASK, HOME, WORK } from './common';

export const PLAIN_FACTS: SituationInput[] = [
  {
    id: 'clear-estimate',
    name: 'A clear estimate',
    task: { title: 'Fix the invoice export', category: WORK },
    entries: [
      'Talked it through with Sam: fixing the invoice export should take about two hours, most of it testing the CSV columns.',
    ],
    expect: [
      {
        says: 'an estimate of about two hours (90 to 150 minutes)',
        tools: ['update_task_estimate'],
        args: { minutes: { min: 90, max: 150 } },
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'stated-due-date',
    name: 'A due date stated',
    task: { title: 'Return the signed lease', category: HOME },
    entries: ['The landlord needs the signed lease back by 2030-05-14 at the latest.'],
    expect: [
      {
        says: 'the due date 2030-05-14',
        tools: ['update_task_due_date'],
        args: { dueDate: '2030-05-14' },
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'urgent-priority',
    name: 'Urgency stated',
    task: { title: 'Restore EU checkout', priority: 'P2', category: WORK },
    entries: [
      'Checkout is down for every customer in the EU until this is fixed. Drop everything else: this is the top priority today.',
    ],
    expect: [
      {
        says: 'a higher priority (P0 or P1)',
        tools: ['update_task_priority'],
        args: { priority: { oneOf: ['P0', 'P1'] } },
      },
    ],
    forbid: [
      CLOSES_THE_TASK,
      {
        says: 'a lower priority',
        tools: ['update_task_priority'],
        args: { priority: { oneOf: ['P2', 'P3'] } },
      },
    ],
    maxTurns: 3,
  },
  {
    id: 'newest-estimate-wins',
    name: 'The newest estimate wins',
    task: { title: 'Migrate the mailing list', category: WORK },
    entries: [
      'Quick job, probably an hour.',
      'Looked closer today: the old list has three formats and no export. This is more like a full day of work, eight hours.',
    ],
    expect: [
      {
        says: 'an estimate of about a full day (420 to 540 minutes)',
        tools: ['update_task_estimate'],
        args: { minutes: { min: 420, max: 540 } },
      },
    ],
    forbid: [
      CLOSES_THE_TASK,
      {
        says: 'the outdated estimate of about an hour',
        tools: ['update_task_estimate'],
        args: { minutes: { min: 1, max: 120 } },
      },
    ],
    maxTurns: 3,
  },
  {
    id: 'checklist-from-plan',
    name: 'A checklist from a plan',
    task: { title: 'Organise the team offsite', category: WORK },
    entries: [
      "Plan for the offsite: first I'll book the venue, then send the invitations, then order the catering, and finally confirm the guest speaker.",
    ],
    expect: [
      { says: 'an item to book the venue', tools: ['add_checklist_item'], mentions: ['venue'] },
      {
        says: 'an item to send the invitations',
        tools: ['add_checklist_item'],
        mentions: ['invit'],
      },
      { says: 'an item to order the catering', tools: ['add_checklist_item'], mentions: ['cater'] },
      {
        says: 'an item to confirm the speaker',
        tools: ['add_checklist_item'],
        mentions: ['speaker'],
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'plan-with-done-step',
    name: 'A plan with a step already done',
    task: { title: 'Move to the new flat', category: HOME },
    entries: [
      'Steps for the move: pack the books (already did that yesterday), label every box by room, call the movers to fix a date.',
    ],
    expect: [
      {
        says: 'a checked item for packing the books',
        tools: ['add_checklist_item'],
        args: { isChecked: true },
        mentions: ['book'],
      },
      {
        says: 'an item to label the boxes',
        tools: ['add_checklist_item'],
        mentions: ['label|box'],
      },
      {
        says: 'an item to call the movers',
        tools: ['add_checklist_item'],
        mentions: ['mover|moving'],
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'item-done',
    name: 'A checklist item done',
    task: {
      title: 'Repaint the bedroom',
      category: HOME,
      checklist: [
        { title: 'Buy paint' },
        { title: 'Sand the walls' },
        { title: 'Paint the walls' },
      ],
    },
    entries: ['Bought the paint this morning at the hardware store, two tins of white.'],
    expect: [
      {
        says: 'checking off "Buy paint"',
        tools: ['update_checklist_item'],
        args: { isChecked: true },
        mentions: ['#item:Buy paint'],
      },
    ],
    forbid: [
      CLOSES_THE_TASK,
      {
        says: 'changing "Sand the walls", which nobody did',
        tools: ['update_checklist_item'],
        mentions: ['#item:Sand the walls'],
      },
      {
        says: 'changing "Paint the walls", which nobody did',
        tools: ['update_checklist_item'],
        mentions: ['#item:Paint the walls'],
      },
    ],
    maxTurns: 3,
  },
  {
    id: 'language-of-task',
    name: 'The language of the task',
    task: { title: 'Steuererklärung vorbereiten', category: HOME },
    entries: [
      'Belege vom Arzt und die Spendenquittungen liegen im blauen Ordner. Der Steuerberater braucht alles bis Ende des Monats.',
    ],
    expect: [
      {
        says: 'the language German (de)',
        tools: ['set_task_language'],
        args: { languageCode: { oneOf: ['de', 'de-DE'] } },
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
  {
    id: 'fitting-label',
    name: 'A label that fits',
    task: { title: 'Pick up the dry cleaning', category: HOME },
    availableLabels: ['Errand', 'Deep work'],
    entries: ["I'll grab it on the way home, it's a ten-minute stop at the shop on Mill Road."],
    expect: [
      {
        says: 'the label "Errand"',
        tools: ['assign_task_label'],
        mentions: ['#label:Errand'],
      },
    ],
    forbid: [
      CLOSES_THE_TASK,
      {
        says: 'the label "Deep work"',
        tools: ['assign_task_label'],
        mentions: ['#label:Deep work'],
      },
    ],
    maxTurns: 3,
  },
  {
    id: 'move-category',
    name: 'A task in the wrong category',
    task: { title: 'Book the boiler service', category: WORK },
    otherCategories: [HOME],
    entries: [
      'Filed this under work by mistake: the boiler service is for our house, not the office.',
    ],
    expect: [
      {
        says: 'moving it to "Home"',
        tools: ['set_task_category'],
        mentions: ['#category:Home'],
      },
    ],
    forbid: [CLOSES_THE_TASK],
    maxTurns: 3,
  },
];
