import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../../db/connection';
import { undoDecision } from '../../../confirmation/undo-decision';
import { ChangeHistory } from './change-history';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  seedChangeSet,
  seedDecision,
  setUpReviewDatabase,
} from '../review-test-helpers';

vi.mock('../../../confirmation/undo-decision', () => ({
  undoDecision: vi.fn(),
  undoDecisions: vi.fn(),
}));

setUpReviewDatabase();

beforeEach(() => {
  vi.mocked(undoDecision).mockReset().mockResolvedValue({
    status: 'cannot-undo',
    message: 'The estimate changed since; not undone.',
  });
});

describe('ChangeHistory', () => {
  it('renders nothing before anything was decided', async () => {
    const taskId = await createTask('Plan the launch');
    const otherTaskId = await createTask('Errands');
    await seedDecision({ changeSetId: 'other', taskId: otherTaskId });
    // The other task's history, mounted after this one, reads the same way: once it shows,
    // this one has read its (empty) history too.
    render(
      <>
        <div data-testid="undecided">
          <ChangeHistory taskId={taskId} />
        </div>
        <ChangeHistory taskId={otherTaskId} />
      </>,
    );
    expect(await screen.findByRole('region', { name: 'Review history' })).toBeInTheDocument();
    expect(screen.getByTestId('undecided')).toBeEmptyDOMElement();
  });

  it('lists outcomes newest first with a chip, who decided, the reason and the error', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(
      taskId,
      [
        estimateProposal(60, { status: 'confirmed' }),
        checklistProposal('Design mockup'),
        { ...checklistProposal('Broken'), status: 'failed', error: 'The checklist is full.' },
        { ...checklistProposal('Later'), status: 'expired' },
      ],
      { now: '2026-05-04T12:00:00.000Z' },
    );
    await seedDecision({
      changeSetId: set.id,
      taskId,
      itemIndex: 0,
      actor: 'rule',
      decidedAt: '2026-05-04T10:00:00.000Z',
    });
    await seedDecision({
      changeSetId: set.id,
      taskId,
      itemIndex: 1,
      verdict: 'rejected',
      toolName: 'add_checklist_item',
      humanSummary: 'Add: "Design mockup"',
      rejectionReason: 'Duplicate',
      decidedAt: '2026-05-04T11:00:00.000Z',
    });
    await seedDecision({
      changeSetId: set.id,
      taskId,
      itemIndex: 3,
      verdict: 'expired',
      actor: 'system',
      toolName: 'add_checklist_item',
      humanSummary: 'Add: "Later"',
      decidedAt: '2026-05-04T09:00:00.000Z',
    });
    await seedDecision({
      changeSetId: 'older',
      taskId,
      humanSummary: 'Set estimate to 30 minutes',
      decidedAt: '2026-05-01T09:00:00.000Z',
      undoneAt: '2026-05-01T10:00:00.000Z',
    });
    render(<ChangeHistory taskId={taskId} />);

    const region = await screen.findByRole('region', { name: 'Review history' });
    await userEvent.click(within(region).getByText('Review history'));
    const entries = within(region).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('.review-chip')?.textContent)).toEqual([
      '! Failed',
      '✗ Rejected',
      '✓ Confirmed',
      '◷ Not reviewed',
      '↶ Undone',
    ]);
    const rejected = entries.find((entry) => entry.textContent?.includes('Design mockup'))!;
    expect(rejected).toHaveTextContent('✗ Rejected');
    expect(rejected).toHaveTextContent('Reason: Duplicate');
    expect(rejected).toHaveTextContent(/By you/);
    const byRule = entries.find((entry) => entry.textContent?.includes('60 minutes'))!;
    expect(byRule).toHaveTextContent('✓ Confirmed');
    expect(byRule).toHaveTextContent(/By rule/);
    const expired = entries.find((entry) => entry.textContent?.includes('Later'))!;
    expect(expired).toHaveTextContent('Not reviewed');
    const failed = entries.find((entry) => entry.textContent?.includes('Broken'))!;
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Error: The checklist is full.');
    const undone = entries.find((entry) => entry.textContent?.includes('30 minutes'))!;
    expect(undone).toHaveTextContent('Undone');
    // Newest first.
    expect(entries[0]).toHaveTextContent('Broken');
    expect(entries[1]).toHaveTextContent('Design mockup');
    expect(entries[2]).toHaveTextContent('60 minutes');
    expect(entries[3]).toHaveTextContent('Later');
    expect(entries[4]).toHaveTextContent('30 minutes');
  });

  it('says "confirmed with changes" and what the person changed', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [estimateProposal(90, { status: 'confirmed' })]);
    await seedDecision({
      changeSetId: set.id,
      taskId,
      args: { minutes: 90 },
      appliedArgs: { minutes: 60 },
      humanSummary: 'Set estimate to 90 minutes',
    });
    render(<ChangeHistory taskId={taskId} />);
    const region = await screen.findByRole('region', { name: 'Review history' });
    await userEvent.click(within(region).getByText('Review history'));
    const [entry] = within(region).getAllByRole('listitem');
    expect(entry).toHaveTextContent('Confirmed with changes');
    expect(entry).toHaveTextContent('You changed 90 → 60');
  });

  it('undoes a confirmed change, and says why when it cannot', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [estimateProposal(60, { status: 'confirmed' })]);
    const decision = await seedDecision({ changeSetId: set.id, taskId });
    render(<ChangeHistory taskId={taskId} />);

    const region = await screen.findByRole('region', { name: 'Review history' });
    await userEvent.click(within(region).getByText('Review history'));
    await userEvent.click(
      within(region).getByRole('button', { name: 'Undo: Set estimate to 60 minutes' }),
    );

    expect(undoDecision).toHaveBeenCalledWith(getDatabase(), decision.id);
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The estimate changed since; not undone.',
    );
  });
});
