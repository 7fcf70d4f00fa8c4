/**
 * What the demo agent "says" about each sample task: the tool calls a good model would
 * make after reading that task's journal. Turn 1 proposes, turn 2 reports. Checklist
 * item ids are the sample journal's stable ids.
 */
import { DEMO_RATIONALES } from './demo-rationales';
export interface DemoCall {
  name: string;
  args: Record<string, unknown>;
}
export interface DemoTurn {
  text?: string;
  calls: DemoCall[];
}

const daysFromToday = (days: number, today: Date) =>
  new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const report = (oneLiner: string, tldr: string, content: string): DemoCall => ({
  name: 'update_report',
  args: { oneLiner, tldr, content },
});

/** The task's turns, each proposed change with its one-line reason (demo-rationales.ts). */
export function demoScript(taskId: string, today: Date): DemoTurn[] {
  const reasons = DEMO_RATIONALES[taskId] ?? {};
  return scriptedTurns(taskId, today).map((turn) => ({
    ...turn,
    calls: turn.calls.map((call) => {
      const rationale = reasons[call.name];
      return rationale ? { ...call, args: { ...call.args, rationale } } : call;
    }),
  }));
}

function scriptedTurns(taskId: string, today: Date): DemoTurn[] {
  switch (taskId) {
    case 'sample-task-login-bug':
      return [
        {
          text: 'The entries describe a Safari-only logout caused by the session cookie, and say it blocks Friday\u2019s release.',
          calls: [
            { name: 'set_task_language', args: { languageCode: 'en' } },
            {
              name: 'set_task_title',
              args: { title: 'Fix Safari logout after sign-in (session cookie)' },
            },
            { name: 'update_task_priority', args: { priority: 'P0' } },
            { name: 'update_task_estimate', args: { minutes: 120 } },
            {
              name: 'add_multiple_checklist_items',
              args: {
                items: [
                  { title: 'Set SameSite=Lax on the session cookie' },
                  { title: 'Add a regression test for the Safari redirect' },
                ],
              },
            },
            { name: 'set_task_status', args: { status: 'IN PROGRESS' } },
          ],
        },
        {
          calls: [
            report(
              'Safari drops the session cookie on the identity-provider redirect; fix is small but urgent.',
              'Reproduced on Safari: the SameSite=Strict session cookie is not sent back after the redirect. It blocks Friday\u2019s release, so I proposed P0, a two-hour estimate and the two remaining steps.',
              '## What I read\n- Customers are logged out right after signing in, **only on Safari**.\n- The cookie is dropped on the redirect back from the identity provider.\n\n## What I proposed\n- A clearer title, priority **P0**, estimate **2 h**, status IN PROGRESS.\n- Checklist: set `SameSite=Lax`, add a regression test.\n\n## Open question\n- Is Friday\u2019s release date fixed?',
            ),
            {
              name: 'record_observations',
              args: {
                observations: [
                  { text: 'Blocks the release on Friday.', priority: 'high', category: 'deadline' },
                ],
              },
            },
          ],
        },
      ];
    case 'sample-task-offsite':
      return [
        {
          text: 'The latest entry lists the remaining steps explicitly.',
          calls: [
            {
              name: 'add_multiple_checklist_items',
              args: {
                items: [
                  { title: 'Book the venue' },
                  { title: 'Arrange transport' },
                  { title: 'Draft the agenda' },
                  { title: 'Send the invitations' },
                ],
              },
            },
            { name: 'set_task_status', args: { status: 'IN PROGRESS' } },
          ],
        },
        {
          calls: [
            report(
              'Dates agreed; venue, transport, agenda and invitations still to do.',
              'Everyone but Dana can make the week of the 14th. Two venues were called; I added the four steps the last entry lists.',
              '## Next steps\n1. Book the venue\n2. Arrange transport\n3. Draft the agenda\n4. Send the invitations (after the venue is confirmed)',
            ),
          ],
        },
      ];
    case 'sample-task-tax-return':
      return [
        {
          calls: [
            {
              name: 'update_checklist_items',
              args: { items: [{ id: 'sample-task-tax-return-item-2', isChecked: true }] },
            },
            {
              name: 'set_task_status',
              args: {
                status: 'BLOCKED',
                reason: 'Waiting for the pension fund\u2019s annual statement',
              },
            },
            { name: 'update_task_estimate', args: { minutes: 90 } },
          ],
        },
        {
          calls: [
            report(
              'Blocked on the pension statement; due in 9 days.',
              'The donation receipts are scanned, so that item is done. The form cannot be finished before the pension fund\u2019s statement arrives next week.',
              '## Risk\nThe statement is expected next week and the return is due in 9 days: little slack.',
            ),
          ],
        },
      ];
    case 'sample-task-quarterly-report':
      return [
        {
          calls: [
            {
              name: 'update_checklist_items',
              args: { items: [{ id: 'sample-task-quarterly-report-item-1', isChecked: true }] },
            },
            {
              name: 'add_multiple_checklist_items',
              args: {
                items: [
                  { title: 'Write the hiring section' },
                  { title: 'Write the risks section' },
                ],
              },
            },
            { name: 'update_task_due_date', args: { dueDate: daysFromToday(3, today) } },
          ],
        },
        {
          calls: [
            report(
              'Numbers are in; the draft is due to Sam by Wednesday.',
              'Finance delivered the revenue numbers. The agreed outline has four parts; I added the two that had no checklist item yet.',
              '## Outline\n- Summary\n- Revenue\n- Hiring\n- Risks',
            ),
          ],
        },
      ];
    case 'sample-task-bike':
      return [
        {
          calls: [
            { name: 'set_task_status', args: { status: 'IN PROGRESS' } },
            { name: 'update_task_estimate', args: { minutes: 45 } },
          ],
        },
        {
          calls: [
            report(
              'The brake cable arrived; about 45 minutes of work left.',
              'The spare part came, so the task no longer waits on it.',
              '## Next\nReplace the front brake cable.',
            ),
          ],
        },
      ];
    case 'sample-task-dentist':
      return [
        {
          calls: [
            { name: 'update_task_estimate', args: { minutes: 10 } },
            {
              name: 'add_multiple_checklist_items',
              args: { items: [{ title: 'Call the practice (Tue\u2013Fri mornings)' }] },
            },
          ],
        },
        {
          calls: [
            report(
              'A ten-minute call, overdue by two months.',
              'The last check-up was fourteen months ago.',
              'Call on a weekday morning, Tuesday to Friday.',
            ),
          ],
        },
      ];
    case 'sample-task-running':
      return [
        {
          calls: [
            {
              name: 'update_checklist_items',
              args: { items: [{ id: 'sample-task-running-item-3', isChecked: true }] },
            },
            {
              name: 'add_multiple_checklist_items',
              args: {
                items: [{ title: 'Week 4: 9 km long run' }, { title: 'Week 4: one tempo session' }],
              },
            },
          ],
        },
        {
          calls: [
            report(
              '8 km done without stopping; on to 9 km.',
              'Training is on plan and the knees are fine.',
              '## Next week\n- 9 km long run\n- One tempo session',
            ),
          ],
        },
      ];
    case 'sample-task-newsletter':
      return [
        {
          calls: [
            { name: 'update_task_priority', args: { priority: 'P1' } },
            { name: 'update_task_due_date', args: { dueDate: daysFromToday(9, today) } },
            { name: 'update_task_estimate', args: { minutes: 10 } },
            {
              name: 'add_multiple_checklist_items',
              args: {
                items: [{ title: 'Update the card on file' }, { title: 'Renew the domain' }],
              },
            },
          ],
        },
        {
          calls: [
            report(
              'The domain expires in 12 days and the card on file has expired.',
              'A five-minute job once the card is updated.',
              'Renew before the expiry date to keep the newsletter address.',
            ),
          ],
        },
      ];
    default:
      return [
        {
          calls: [
            report(
              'The demo agent only knows the sample tasks.',
              'This is the scripted demo agent: it shows the review flow on the sample journal. Choose a real model in Settings to have this task read.',
              'Open **Settings → Agent** to connect a model (Ollama, LM Studio, OpenAI, Anthropic …).',
            ),
          ],
        },
      ];
  }
}
