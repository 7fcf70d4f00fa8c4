/**
 * Why the demo agent proposes each change, in one line, as a good model says it: the row
 * shows it under the change. By sample task, then by tool (one call of each per task).
 * The login bug's are short: on a phone its first row, reason and buttons, fits above
 * the navigation bar (e2e/review-surface.spec.ts).
 */
export const DEMO_RATIONALES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'sample-task-login-bug': {
    set_task_title: 'Only Safari logs out: the cookie.',
    update_task_priority: 'It blocks Friday’s release.',
    update_task_estimate: 'A cookie fix and one regression test.',
    add_multiple_checklist_items: 'The two steps the entries name.',
    set_task_status: 'The cause is found; the fix started.',
  },
  'sample-task-offsite': {
    add_multiple_checklist_items: 'The latest entry lists these four steps.',
    set_task_status: 'Dates are agreed and venues were called: planning is under way.',
  },
  'sample-task-tax-return': {
    update_checklist_items: 'The donation receipts are scanned, as the journal says.',
    set_task_status: 'Nothing can be filed before the pension statement arrives.',
    update_task_estimate: 'Only the form is left once the statement is in.',
  },
  'sample-task-quarterly-report': {
    update_checklist_items: 'Finance delivered the revenue numbers.',
    add_multiple_checklist_items: 'The agreed outline has two parts without an item.',
    update_task_due_date: 'Sam needs the draft by Wednesday.',
  },
  'sample-task-bike': {
    set_task_status: 'The spare part arrived, so it no longer waits.',
    update_task_estimate: 'Replacing a brake cable takes about 45 minutes.',
  },
  'sample-task-dentist': {
    update_task_estimate: 'Booking is one short phone call.',
    add_multiple_checklist_items: 'The practice only answers Tuesday to Friday mornings.',
  },
  'sample-task-running': {
    update_checklist_items: 'The 8 km run is logged as done.',
    add_multiple_checklist_items: 'Week 4 of the plan comes next.',
  },
  'sample-task-newsletter': {
    update_task_priority: 'The domain expires in 12 days.',
    update_task_due_date: 'Renewing a few days before the expiry leaves slack.',
    update_task_estimate: 'A five-minute job once the card is updated.',
    add_multiple_checklist_items: 'The renewal fails until the card on file is updated.',
  },
};
