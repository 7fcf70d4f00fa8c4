import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { labelAppliesTo, type Category } from '../../domain/category';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { EntityNotFoundError } from '../../domain/errors';
import type { JournalReader } from '../../domain/journal-access';
import { countOf } from '../../lib/count-of';
import { defaultAgent } from '../policy/agent-row';
import { defineDeferredTool } from '../tool-definition';
import { ToolInputError } from '../tool-errors';
import { contextTaskId, requireTask } from './task-target';
import { RATIONALE_HINT, withRationale } from '../rationale';

const EXAMPLE = '{"categoryId": "category-id"}';

/**
 * The task's category. The person sets or clears it freely. The agent may only propose a
 * move between categories the person allowed it: the dispatcher's policy checks the
 * category the task is in when the move is confirmed, and this tool checks the one it goes
 * to, when proposed and again when applied. Not offered as a trusted tool: a move drops
 * the labels scoped to the old category, so the person always sees it first.
 */
export const setTaskCategory = defineDeferredTool({
  name: 'set_task_category',
  example: { categoryId: 'category-id' },
  aliases: ['update_task_category', 'change_task_category', 'set_category', 'move_task'],
  review: { kind: 'Category' },
  fieldLabels: { categoryId: 'category' },
  description:
    'Move the task to another category, by id. You may only move a task between categories the ' +
    'user allowed you to act on; a move to any other category is refused, and clearing the ' +
    `category is the user's decision. Do not propose the category the task already has. Example: ${EXAMPLE}.` +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(z.object({ categoryId: idSchema.nullable() })),
  summarize: ({ categoryId }, names) =>
    categoryId
      ? `Move to category "${names.categoryName(categoryId) ?? categoryId}"`
      : 'Clear category',
  proposalTarget: (_args, context) =>
    context.taskId ? { table: 'tasks', id: context.taskId, fields: ['categoryId'] } : undefined,
  async checkProposal({ categoryId }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (task.categoryId === (categoryId ?? undefined)) return 'The task is already there.';
    try {
      await requireAllowedCategory(journal, categoryId);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
  targetTaskId: contextTaskId,
  async preview({ categoryId }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const name = async (id: string | null | undefined) =>
      id ? ((await journal.category(id))?.name ?? id) : 'no category';
    return { before: await name(task.categoryId), after: await name(categoryId) };
  },
  async handle({ categoryId }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (actorOf(context.source) === 'agent') await requireAllowedCategory(journal, categoryId);
    else if (categoryId !== null) {
      const category = await journal.category(categoryId);
      if (!isLive(category)) throw new EntityNotFoundError('categories', categoryId);
    }
    const next = categoryId ?? undefined;
    if (task.categoryId === next) return { output: 'The category is unchanged.', noop: true };
    // Labels scoped to other categories no longer apply; drop them with the move.
    const labels = await journal.labels();
    const kept = task.labelIds.filter((id) => {
      const label = labels.find((candidate) => candidate.id === id);
      return label !== undefined && labelAppliesTo(label, next);
    });
    await journal.update('tasks', task.id, { categoryId: next, labelIds: kept });
    const dropped = task.labelIds.length - kept.length;
    const note =
      dropped > 0
        ? ` Removed ${countOf(dropped, 'label')} that only apply to other categories.`
        : '';
    return { output: `${next ? 'Category set.' : 'Category cleared.'}${note}` };
  },
});

/** The category the agent moves a task to: it exists and is on the agent's allowlist. */
async function requireAllowedCategory(
  journal: JournalReader,
  categoryId: string | null,
): Promise<Category> {
  const [agent, categories] = await Promise.all([defaultAgent(journal), journal.categories()]);
  const allowed = categories.filter(
    (category) => isLive(category) && agent?.allowedCategoryIds.includes(category.id),
  );
  const choices =
    allowed.map((category) => `{"categoryId": "${category.id}"} (${category.name})`).join(', ') ||
    'none';
  if (categoryId === null)
    throw new ToolInputError(
      `Only the user clears a task's category. You may move it to a category you are allowed to act on: ${choices}.`,
    );
  const category = allowed.find((candidate) => candidate.id === categoryId);
  if (category) return category;
  const exists = categories.some((candidate) => candidate.id === categoryId && isLive(candidate));
  throw new ToolInputError(
    exists
      ? `The user has not allowed you to act on tasks in that category, so you may not move the task there. Categories you may use: ${choices}.`
      : `No category with id "${categoryId}" exists. Categories you may use: ${choices}.`,
  );
}
