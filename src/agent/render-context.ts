/** The wake context as the text of the first user message. */
import { PRIORITY_NAMES } from '../domain/task';
import type { WakeContext } from './wake-context';
import { countOf } from '../lib/count-of';

const quote = (text: string) => JSON.stringify(text);

export function renderContext(context: WakeContext): string {
  const { task } = context;
  const lines: string[] = [`Today is ${context.today}.`, '', '## Task'];
  lines.push(
    `id: ${task.id}`,
    `title: ${quote(task.title || '(untitled)')}`,
    `status: ${task.status}${task.statusReason ? ` (reason: ${quote(task.statusReason)})` : ''}`,
    `priority: ${PRIORITY_NAMES[task.priority]}`,
    `estimate: ${task.estimateMinutes !== undefined ? `${task.estimateMinutes} minutes` : 'none'}`,
    `due date: ${task.dueDate ?? 'none'}`,
    `language: ${task.languageCode ? `${task.languageCode} (set by ${task.languageSource ?? 'user'})` : 'not set'}`,
    `category: ${context.category ? quote(context.category.name) : 'none'}`,
    `labels: ${context.assignedLabels.map((label) => quote(label.name)).join(', ') || 'none'}`,
  );

  lines.push('', '## Checklist');
  const visible = context.checklist.filter((item) => !item.isArchived);
  if (visible.length === 0) lines.push('(no items)');
  for (const item of visible) {
    const who = item.checkedBy
      ? `, last ${item.isChecked ? 'checked' : 'unchecked'} by ${item.checkedBy}`
      : '';
    lines.push(`- [${item.isChecked ? 'x' : ' '}] ${quote(item.title)} (id: ${item.id}${who})`);
  }
  const archived = context.checklist.length - visible.length;
  if (archived > 0) lines.push(`(${countOf(archived, 'archived item')} not shown)`);

  lines.push('', '## Available labels (assign by id)');
  if (context.availableLabels.length === 0) lines.push('(none)');
  for (const label of context.availableLabels)
    lines.push(`- id: ${label.id} name: ${quote(label.name)}`);
  if (context.suppressedLabels.length > 0) {
    lines.push(
      `Labels the user removed from this task (never assign): ${context.suppressedLabels.map((label) => quote(label.name)).join(', ')}`,
    );
  }

  if (context.otherAllowedCategories.length > 0) {
    lines.push('', '## Categories the task may move to (set_task_category, by id)');
    for (const category of context.otherAllowedCategories)
      lines.push(`- id: ${category.id} name: ${quote(category.name)}`);
  }

  lines.push('', '## Journal entries (newest first)');
  if (context.entries.length === 0) lines.push('(no entries)');
  for (const entry of context.entries)
    lines.push(`### ${entry.createdAt.slice(0, 16).replace('T', ' ')}`, entry.text, '');
  if (context.olderEntriesLeftOut) lines.push('(older entries not shown)');

  lines.push('', '## Your previous report');
  lines.push(
    context.previousReport
      ? `${context.previousReport.oneLiner}\n${context.previousReport.tldr}`
      : '(none: this is your first wake on this task)',
  );

  lines.push('', '## Proposal ledger');
  lines.push('Open proposals waiting for the user (do not propose these again):');
  if (context.openProposals.length === 0) lines.push('(none)');
  for (const proposal of context.openProposals) lines.push(`- ${proposal.summary}`);
  lines.push('Recent decisions by the user:');
  if (context.recentDecisions.length === 0) lines.push('(none)');
  for (const decision of context.recentDecisions) {
    const day = decision.decidedAt.slice(0, 10);
    if (decision.applied) {
      lines.push(
        `- CONFIRMED WITH CHANGES: you proposed ${quote(decision.summary)}; the user applied ${quote(decision.applied.summary)} instead (${decision.applied.change}) on ${day}`,
      );
      continue;
    }
    const verdict =
      decision.verdict === 'expired' ? 'NOT REVIEWED (expired)' : decision.verdict.toUpperCase();
    lines.push(
      `- ${verdict}: ${decision.summary}${decision.reason ? ` (reason: ${quote(decision.reason)})` : ''} on ${day}`,
    );
  }
  lines.push(
    'Do not propose a change the user rejected unless something in the journal changed that answers their reason.',
  );

  lines.push('', '## Your record (how your recent proposals fared, by kind)');
  if (context.record.length === 0) lines.push('(no decisions yet)');
  lines.push(...context.record);
  return lines.join('\n');
}
