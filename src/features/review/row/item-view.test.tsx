import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { itemStaleness } from '../../../confirmation/staleness';
import type * as Staleness from '../../../confirmation/staleness';
import { ProposedChangesCard } from '../card/proposed-changes-card';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  seedChangeSet,
  setUpReviewDatabase,
  userWrite,
} from '../review-test-helpers';

// The real check, counted: each call is one row's view read.
vi.mock('../../../confirmation/staleness', async (importOriginal) => {
  const actual = await importOriginal<typeof Staleness>();
  return { ...actual, itemStaleness: vi.fn(actual.itemStaleness) };
});

setUpReviewDatabase();

describe('a row’s view', () => {
  it('follows an edit to the task through its list’s query, with no read of its own', async () => {
    const taskId = await createTask('Plan the launch');
    await seedChangeSet(taskId, [
      estimateProposal(60),
      checklistProposal('Design mockup'),
      checklistProposal('Write copy'),
      checklistProposal('Book the room'),
    ]);
    render(<ProposedChangesCard taskId={taskId} />);
    const row = await screen.findByRole('article', { name: /Set estimate to 60 minutes/ });
    await waitFor(() => expect(row).toHaveTextContent(/none\s*→.*1 h/));
    // The list has read the four rows' views; now count what edits make the rows read again.
    await waitFor(() => expect(vi.mocked(itemStaleness).mock.calls.length).toBe(4));
    vi.mocked(itemStaleness).mockClear();

    await userWrite('update_task_estimate', { minutes: 45 }, taskId);
    expect(
      await within(row).findByText('Changed since proposed: estimate is now 45 min'),
    ).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent(/45 min\s*→.*1 h/));
    // A second edit, shown once the list's next read has landed: by then any read the
    // first one started has landed too.
    await userWrite('update_task_estimate', { minutes: 30 }, taskId);
    await waitFor(() => expect(row).toHaveTextContent(/30 min\s*→.*1 h/));
    // Four rows, one list: each view read once per edit, by the list. With a query of its
    // own, the row whose view the edits touched read it again each time (10).
    expect(vi.mocked(itemStaleness).mock.calls.length).toBe(8);
  });
});
