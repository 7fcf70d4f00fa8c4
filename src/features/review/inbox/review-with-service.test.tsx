/**
 * The card against the real confirmation service (no mocks): what the person does on the
 * card reaches the journal and the decisions, and what the service says comes back.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../../db/connection';
import { DEFAULT_AGENT_ID } from '../../../domain/agent';
import { ToastRegion } from '../../../ui/toast-region';
import { ProposedChangesCard } from '../card/proposed-changes-card';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  seedChangeSet,
  setUpReviewDatabase,
  userWrite,
} from '../review-test-helpers';

setUpReviewDatabase();

/** A task in a category the agent may work on, with proposals from that agent. */
async function taskTheAgentMayChange() {
  const category = await userWrite('save_category', { name: 'Work', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  const now = new Date().toISOString();
  await getDatabase().agents.put({
    id: DEFAULT_AGENT_ID,
    name: 'Task agent',
    allowedCategoryIds: [categoryId],
    directives: '',
    createdAt: now,
    updatedAt: now,
    rev: 1,
    vectorClock: {},
  });
  const taskId = await createTask('Plan the launch', { categoryId });
  const set = await seedChangeSet(
    taskId,
    [estimateProposal(60, { baseRev: 1 }), checklistProposal('Design mockup')],
    { agentId: DEFAULT_AGENT_ID },
  );
  return { taskId, set };
}

function renderCard(taskId: string) {
  render(
    <>
      <ProposedChangesCard taskId={taskId} />
      <ToastRegion />
    </>,
  );
}

describe('ProposedChangesCard with the confirmation service', () => {
  it('applies a confirmed change to the task and records the decision', async () => {
    const { taskId, set } = await taskTheAgentMayChange();
    renderCard(taskId);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm: Set estimate to 60 minutes' }),
    );

    await waitFor(async () =>
      expect((await getDatabase().tasks.get(taskId))?.estimateMinutes).toBe(60),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Set estimate/ })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Applied: Set estimate to 60 minutes')).toBeInTheDocument();
    const decisions = await getDatabase().decisions.where('changeSetId').equals(set.id).toArray();
    expect(decisions.map((decision) => [decision.itemIndex, decision.verdict])).toEqual([
      [0, 'confirmed'],
    ]);
  });

  it('keeps the reason given after a reject', async () => {
    const { taskId, set } = await taskTheAgentMayChange();
    renderCard(taskId);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject: Add: "Design mockup"' }),
    );
    const prompt = await screen.findByRole('group', { name: /Rejected/ });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Duplicate' }));

    await waitFor(async () => {
      const decisions = await getDatabase().decisions.where('changeSetId').equals(set.id).toArray();
      expect(decisions.map((decision) => [decision.verdict, decision.rejectionReason])).toEqual([
        ['rejected', 'Duplicate'],
      ]);
    });
    expect((await getDatabase().checklistItems.toArray()).length).toBe(0);
  });

  it('asks for Apply anyway when the person changed the estimate since, then applies it', async () => {
    const { taskId } = await taskTheAgentMayChange();
    await userWrite('update_task_estimate', { minutes: 45 }, taskId);
    renderCard(taskId);

    const applyAnyway = await screen.findByRole('button', {
      name: 'Apply anyway: Set estimate to 60 minutes',
    });
    await userEvent.click(applyAnyway);

    await waitFor(async () =>
      expect((await getDatabase().tasks.get(taskId))?.estimateMinutes).toBe(60),
    );
  });
});
