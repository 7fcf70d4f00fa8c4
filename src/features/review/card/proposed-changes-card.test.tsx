import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeReport } from '../../../db/agent-records';
import { getDatabase } from '../../../db/connection';
import { DEFAULT_AGENT_ID } from '../../../domain/agent';
import { wakeRow } from '../../../../test/support/factories';
import { confirmAll } from '../../../confirmation/confirm-all';
import { confirmItem } from '../../../confirmation/confirm-item';
import { rejectItem, setRejectionReason } from '../../../confirmation/reject-item';
import type { ConfirmAllResult, ReviewResult } from '../../../confirmation/review-result';
import { undoDecision, undoDecisions } from '../../../confirmation/undo-decision';
import { ToastRegion } from '../../../ui/toast-region';
import { ProposedChangesCard } from './proposed-changes-card';
import {
  allowedCategory,
  checklistProposal,
  createTask,
  deferred,
  estimateProposal,
  markItem,
  seedChangeSet,
  seedDecision,
  setUpReviewDatabase,
  swipe,
  userWrite,
  shownRow,
} from '../review-test-helpers';

// vi.mock is hoisted within its own file, so each file that mocks the decisions says so.
// jscpd:ignore-start
vi.mock('../../../confirmation/confirm-item', () => ({ confirmItem: vi.fn() }));
vi.mock('../../../confirmation/reject-item', () => ({
  rejectItem: vi.fn(),
  setRejectionReason: vi.fn(),
}));
vi.mock('../../../confirmation/confirm-all', () => ({ confirmAll: vi.fn() }));
vi.mock('../../../confirmation/undo-decision', () => ({
  undoDecision: vi.fn(),
  undoDecisions: vi.fn(),
}));
// jscpd:ignore-end

setUpReviewDatabase();

const vibrate = vi.fn();

beforeEach(() => {
  vi.mocked(confirmItem).mockReset();
  vi.mocked(rejectItem).mockReset();
  vi.mocked(setRejectionReason).mockReset().mockResolvedValue(undefined);
  vi.mocked(confirmAll).mockReset();
  vi.mocked(undoDecision).mockReset().mockResolvedValue({ status: 'undone', message: 'Undone.' });
  vi.mocked(undoDecisions)
    .mockReset()
    .mockResolvedValue({ status: 'undone', message: 'Undone 2 changes.' });
  vibrate.mockReset();
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  // Like the service: a decided item leaves the pending list.
  vi.mocked(confirmItem).mockImplementation(async (_db, changeSetId, itemIndex) => {
    await markItem(changeSetId, itemIndex, 'confirmed', `decision-${itemIndex}`);
    return { status: 'applied', message: 'Applied.', decisionId: `decision-${itemIndex}` };
  });
  vi.mocked(rejectItem).mockImplementation(async (_db, changeSetId, itemIndex) => {
    await markItem(changeSetId, itemIndex, 'rejected', `rejection-${itemIndex}`);
    return { status: 'rejected', message: 'Rejected.', decisionId: `rejection-${itemIndex}` };
  });
});

/**
 * The card of `taskId`, which should show nothing, before the card of `otherTaskId`, which
 * shows one proposal: once the other, mounted after it, has read its items, so has this one.
 */
async function renderBesideAnother(taskId: string, otherTaskId: string) {
  const rendered = render(
    <>
      <div data-testid="empty">
        <ProposedChangesCard taskId={taskId} />
      </div>
      <ProposedChangesCard taskId={otherTaskId} />
    </>,
  );
  expect(await screen.findByRole('region', { name: 'Proposed changes (1)' })).toBeVisible();
  expect(within(screen.getByTestId('empty')).queryByRole('region')).toBeNull();
  return rendered;
}

function renderCard(taskId: string) {
  return render(
    <>
      <ProposedChangesCard taskId={taskId} />
      <ToastRegion />
    </>,
  );
}

async function seedTwoProposals() {
  const taskId = await createTask('Plan the launch');
  const set = await seedChangeSet(taskId, [
    estimateProposal(60),
    checklistProposal('Design mockup'),
  ]);
  return { taskId, set };
}

const estimateRow = () => screen.findByRole('article', { name: /Set estimate to 60 minutes/ });
const checklistRow = () => screen.findByRole('article', { name: /Add: "Design mockup"/ });

describe('ProposedChangesCard', () => {
  it('lists pending items with their kind, summary and before → after on the task as it is now', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);

    const region = await screen.findByRole('region', { name: 'Proposed changes (2)' });
    const row = await estimateRow();
    expect(within(region).getByText('Estimate')).toBeInTheDocument();
    expect(row).toHaveTextContent('Estimate · Set estimate to 60 minutes');
    await waitFor(() => expect(row).toHaveTextContent(/none\s*→.*1 h/));
    expect(await checklistRow()).toHaveTextContent('Checklist · Add: "Design mockup"');
    expect(
      within(row).getByRole('button', { name: 'Confirm: Set estimate to 60 minutes' }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Reject: Set estimate to 60 minutes' }),
    ).toBeInTheDocument();
  });

  it('shows each row with its preview from its first render, so no row grows under the next', async () => {
    const { taskId } = await seedTwoProposals();
    // What each row's change line said the moment the row entered the page.
    const firstSaid = new Map<string, string>();
    const observer = new MutationObserver(() => {
      for (const row of document.querySelectorAll<HTMLElement>('[data-review-key]')) {
        const key = row.dataset.reviewKey!;
        if (!firstSaid.has(key))
          firstSaid.set(key, row.querySelector('.review-row__change')?.textContent ?? '');
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderCard(taskId);
    await screen.findByRole('region', { name: 'Proposed changes (2)' });
    await estimateRow();
    observer.disconnect();
    // Before → after, not the change in words that the preview would then replace.
    expect([...firstSaid.values()]).toEqual([
      expect.stringMatching(/none\s*→.*1 h/),
      expect.stringContaining('Design mockup'),
    ]);
    expect([...firstSaid.values()][0]).not.toContain('Set estimate');
  });

  it('renders nothing when no proposal waits, and hides decided, expired and other tasks’ items', async () => {
    const taskId = await createTask('Plan the launch');
    const otherTaskId = await createTask('Something else');
    await seedChangeSet(taskId, [estimateProposal(60, { status: 'confirmed' })]);
    await seedChangeSet(taskId, [estimateProposal(30)], {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    await seedChangeSet(otherTaskId, [estimateProposal(90)]);
    const { container } = await renderBesideAnother(taskId, otherTaskId);
    expect(screen.getAllByRole('region', { name: /Proposed changes/ })).toHaveLength(1);
    expect(container.querySelectorAll('.review-card')).toHaveLength(1);
  });

  it('says once for the card when the policy forbids applying, and one tap on Allow lifts it', async () => {
    const { taskId } = await seedTwoProposals();
    const categoryId = await allowedCategory();
    await userWrite('allow_agent_category', { categoryId, allowed: false });
    renderCard(taskId);

    const notice = await screen.findByText(/cannot be applied while the agent may not act on/);
    expect(screen.getAllByText(/cannot be applied/)).toHaveLength(1);
    const confirm = await screen.findByRole('button', {
      name: 'Confirm: Set estimate to 60 minutes',
    });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveAccessibleDescription(/cannot be applied/);
    await userEvent.click(confirm);
    swipe(await estimateRow(), 200);
    expect(confirmItem).not.toHaveBeenCalled();
    // Rejecting still works while applying is blocked.
    expect(
      screen.getByRole('button', { name: 'Reject: Set estimate to 60 minutes' }),
    ).not.toHaveAttribute('aria-disabled');

    await userEvent.click(screen.getByRole('button', { name: 'Allow the agent on Work' }));
    await waitFor(() => expect(notice).not.toBeInTheDocument());
    expect(confirm).not.toHaveAttribute('aria-disabled');
  });

  it('renders text from the model as text, never as markup', async () => {
    const taskId = await createTask('Plan the launch');
    await seedChangeSet(taskId, [checklistProposal('<img src=x onerror=alert(1)>')]);
    renderCard(taskId);

    const row = await screen.findByRole('article', { name: /<img src=x/ });
    expect(row.querySelector('img')).toBeNull();
  });

  it('confirms with the button, shows "Applied" with Undo, and the row leaves', async () => {
    const { taskId, set } = await seedTwoProposals();
    renderCard(taskId);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm: Set estimate to 60 minutes' }),
    );

    expect(confirmItem).toHaveBeenCalledWith(getDatabase(), set.id, 0, shownRow(0, 'button'));
    expect(await screen.findByText('Applied: Set estimate to 60 minutes')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Set estimate/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Proposed changes (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undoDecision).toHaveBeenCalledWith(getDatabase(), 'decision-0');
  });

  it('drops the Undo, and says why, when sync takes the decision back or the task is deleted elsewhere', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);
    const bar = () =>
      screen.getByRole('region', { name: /Proposed changes/ }).querySelector('.review-status')!;

    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm: Set estimate to 60 minutes' }),
    );
    expect(await screen.findByText('Applied: Set estimate to 60 minutes')).toBeInTheDocument();
    expect(within(bar() as HTMLElement).getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    // Another device decided the item first: sync reverts this one and its decision row goes.
    await getDatabase().decisions.delete('decision-0');
    await waitFor(() =>
      expect(within(bar() as HTMLElement).getByRole('status')).toHaveTextContent(
        'Applied: Set estimate to 60 minutes Taken back: another device decided it first.',
      ),
    );
    expect(within(bar() as HTMLElement).queryByRole('button', { name: 'Undo' })).toBeNull();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm: Add: "Design mockup"' }),
    );
    expect(await screen.findByText('Applied: Add: "Design mockup"')).toBeInTheDocument();
    const db = getDatabase();
    const task = await db.tasks.get(taskId);
    await db.tasks.put({ ...task!, deletedAt: new Date().toISOString() });
    await waitFor(() =>
      expect(within(bar() as HTMLElement).getByRole('status')).toHaveTextContent(
        'Its task has since been deleted.',
      ),
    );
    expect(within(bar() as HTMLElement).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('confirms when a row is swiped right past the threshold, with a buzz as it is crossed', async () => {
    const { taskId, set } = await seedTwoProposals();
    renderCard(taskId);

    swipe(await estimateRow(), 160);

    await waitFor(() =>
      expect(confirmItem).toHaveBeenCalledWith(getDatabase(), set.id, 0, shownRow(0, 'swipe')),
    );
    expect(rejectItem).not.toHaveBeenCalled();
    expect(vibrate).toHaveBeenCalledWith(10);
  });

  it('shows the intent in colour and words while the finger moves', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);
    const row = await estimateRow();

    fireEvent.touchStart(row, { touches: [{ clientX: 300, clientY: 300 }] });
    fireEvent.touchMove(row, { touches: [{ clientX: 360, clientY: 302 }] });
    expect(row).toHaveClass('review-row--swiping-right');
    expect(row.querySelector('.review-row__backdrop')).toHaveTextContent('✓Confirm');
    fireEvent.touchMove(row, { touches: [{ clientX: 440, clientY: 302 }] });
    expect(row).toHaveClass('review-row--armed');
    fireEvent.touchMove(row, { touches: [{ clientX: 200, clientY: 302 }] });
    expect(row).toHaveClass('review-row--swiping-left');
    expect(row).not.toHaveClass('review-row--armed');
    expect(row.querySelector('.review-row__backdrop')).toHaveTextContent('Reject✗');
    fireEvent.touchEnd(row, { touches: [] });
  });

  it('rejects when swiped left, then offers reasons without blocking the next row', async () => {
    const { taskId, set } = await seedTwoProposals();
    renderCard(taskId);

    swipe(await estimateRow(), -160);

    await waitFor(() =>
      expect(rejectItem).toHaveBeenCalledWith(getDatabase(), set.id, 0, shownRow(0, 'swipe')),
    );
    expect(confirmItem).not.toHaveBeenCalled();
    const prompt = await screen.findByRole('group', { name: /Rejected/ });
    for (const reason of ['Wrong', 'Not now', 'Duplicate', 'Already done']) {
      expect(within(prompt).getByRole('button', { name: reason })).toBeInTheDocument();
    }

    // The next row is still there and still swipes.
    swipe(await checklistRow(), 160);
    await waitFor(() =>
      expect(confirmItem).toHaveBeenCalledWith(getDatabase(), set.id, 1, shownRow(1, 'swipe')),
    );
  });

  it('offers one Undo for a rejection: the prompt’s, and the status bar’s once the prompt is closed', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);

    swipe(await estimateRow(), -160);
    const prompt = await screen.findByRole('group', { name: /Rejected/ });
    expect(await screen.findByText('Rejected: Set estimate to 60 minutes')).toHaveRole('status');
    // Two Undo buttons side by side for the same rejection read as two things to undo.
    expect(screen.getAllByRole('button', { name: 'Undo' })).toEqual([
      within(prompt).getByRole('button', { name: 'Undo' }),
    ]);

    await userEvent.click(within(prompt).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('group', { name: /Rejected/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undoDecision).toHaveBeenCalledWith(getDatabase(), 'rejection-0');
  });

  it('moves the focus on to the next row after Confirm with changes, as after a confirm in the row', async () => {
    const { taskId, set } = await seedTwoProposals();
    renderCard(taskId);

    await userEvent.click(
      await within(await estimateRow()).findByRole('button', { name: /^Edit before confirming/ }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Edit before confirming' });
    const minutes = within(sheet).getByLabelText('Estimate (minutes)');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '45{Enter}');

    expect(confirmItem).toHaveBeenCalledWith(getDatabase(), set.id, 0, {
      edited: { minutes: 45 },
      ...shownRow(0, 'button'),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await checklistRow()).toHaveFocus());
  });

  it('saves a quick reason or a typed one for the rejection', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject: Set estimate to 60 minutes' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(setRejectionReason).toHaveBeenCalledWith(getDatabase(), 'rejection-0', 'Not now');
    expect(await screen.findByText(/^Reason saved: “Not now”/)).toBeInTheDocument();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject: Add: "Design mockup"' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Other…' }));
    await userEvent.type(await screen.findByLabelText('Another reason'), 'We have one already');
    await userEvent.click(screen.getByRole('button', { name: 'Save reason' }));
    expect(setRejectionReason).toHaveBeenCalledWith(
      getDatabase(),
      'rejection-1',
      'We have one already',
    );
  });

  it('springs back and does nothing after a short swipe', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);
    const row = await estimateRow();

    swipe(row, 60);
    swipe(row, -60);

    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(confirmItem).not.toHaveBeenCalled();
    expect(rejectItem).not.toHaveBeenCalled();
    expect(vibrate).not.toHaveBeenCalled();
    expect(row.querySelector<HTMLElement>('.review-row__surface')!.style.transform).toBe('');
    expect(row).not.toHaveClass('review-row--swiping-right');
  });

  it('springs back when the system cancels the touch', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);
    const row = await estimateRow();
    const surface = row.querySelector<HTMLElement>('.review-row__surface')!;

    fireEvent.touchStart(row, { touches: [{ clientX: 300, clientY: 300 }] });
    fireEvent.touchMove(row, { touches: [{ clientX: 380, clientY: 300 }] });
    expect(surface.style.transform).toBe('translateX(80px)');
    fireEvent.touchCancel(row, { touches: [] });

    expect(surface.style.transform).toBe('');
    expect(confirmItem).not.toHaveBeenCalled();
  });

  it('leaves a vertical drag to the page: nothing moves, nothing is decided', async () => {
    const { taskId } = await seedTwoProposals();
    renderCard(taskId);
    const row = await estimateRow();

    swipe(row, 40, 300);
    swipe(row, -40, -300);

    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(confirmItem).not.toHaveBeenCalled();
    expect(rejectItem).not.toHaveBeenCalled();
    expect(row.querySelector<HTMLElement>('.review-row__surface')!.style.transform).toBe('');
  });

  it('asks before applying an item the person changed since: swiping only points at Apply anyway', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [estimateProposal(60)]);
    await userWrite('update_task_estimate', { minutes: 45 }, taskId);
    renderCard(taskId);

    const row = await estimateRow();
    expect(
      await within(row).findByText('Changed since proposed: estimate is now 45 min'),
    ).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent(/45 min\s*→.*1 h/));
    const applyAnyway = within(row).getByRole('button', {
      name: 'Apply anyway: Set estimate to 60 minutes',
    });
    expect(within(row).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();

    swipe(row, 160);
    await waitFor(() => expect(applyAnyway).toHaveFocus());
    expect(confirmItem).not.toHaveBeenCalled();
    expect(within(row).getByRole('status')).toHaveTextContent(/a swipe does not apply it/);

    await userEvent.click(applyAnyway);
    expect(confirmItem).toHaveBeenCalledWith(getDatabase(), set.id, 0, {
      applyAnyway: true,
      ...shownRow(0, 'button'),
    });
  });

  it('disables the row’s buttons while its action runs and shows a failure in an alert', async () => {
    const { taskId } = await seedTwoProposals();
    const pending = deferred<ReviewResult>();
    vi.mocked(confirmItem).mockReturnValueOnce(pending.promise);
    renderCard(taskId);

    const confirm = await screen.findByRole('button', {
      name: 'Confirm: Set estimate to 60 minutes',
    });
    await userEvent.click(confirm);
    expect(confirm).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Reject: Set estimate to 60 minutes' }),
    ).toBeDisabled();
    // The other row is not held up.
    expect(screen.getByRole('button', { name: 'Confirm: Add: "Design mockup"' })).toBeEnabled();

    await pending.resolve({
      status: 'failed',
      message: 'The task is in a category the agent may not touch.',
    });
    const row = await estimateRow();
    expect(within(row).getByRole('alert')).toHaveTextContent(
      'The task is in a category the agent may not touch.',
    );
    expect(confirm).toBeEnabled();
  });

  it('shows the message on the card when the item was decided elsewhere', async () => {
    const { taskId, set } = await seedTwoProposals();
    vi.mocked(confirmItem).mockImplementationOnce(async () => {
      await markItem(set.id, 0, 'confirmed');
      return {
        status: 'already-decided',
        message: 'This change was already confirmed on another device.',
      };
    });
    renderCard(taskId);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm: Set estimate to 60 minutes' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This change was already confirmed on another device.',
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Set estimate/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('confirms all with progress, then the summary, and undoes the batch', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [
      estimateProposal(60),
      checklistProposal('Design mockup'),
      checklistProposal('Write copy'),
    ]);
    const finished = deferred<ConfirmAllResult>();
    vi.mocked(confirmAll).mockImplementationOnce(async () => finished.promise);
    renderCard(taskId);

    const confirmAllButton = await screen.findByRole('button', { name: 'Confirm all 3' });
    // Just arrived: it ignores taps for a moment, then works.
    expect(confirmAllButton).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(confirmAllButton);
    expect(confirmAll).not.toHaveBeenCalled();
    await waitFor(() => expect(confirmAllButton).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(confirmAllButton);
    expect(confirmAll).toHaveBeenCalledWith(getDatabase(), set.id);
    expect(await screen.findByText('Applying 3 changes…')).toBeInTheDocument();

    for (const id of ['d1', 'd2']) await seedDecision({ id, changeSetId: set.id, taskId });
    await finished.resolve({
      applied: ['Set estimate to 60 minutes', 'Add: "Design mockup"'],
      failed: [{ summary: 'Add: "Write copy"', message: 'Too long' }],
      stale: [],
      decisionIds: ['d1', 'd2'],
      message:
        'Applied 2: Set estimate to 60 minutes; Add: "Design mockup". 1 failed: Add: "Write copy" (Too long).',
    });
    // One summary, in the card's status bar, naming what it applied, with Undo beside it.
    const region = screen.getByRole('region', { name: /Proposed changes/ });
    const bar = region.querySelector('.review-status') as HTMLElement;
    expect(within(bar).getByRole('status')).toHaveTextContent(
      'Applied 2: Set estimate to 60 minutes; Add: "Design mockup". 1 failed: Add: "Write copy" (Too long).',
    );
    expect(screen.getAllByText(/^Applied 2:/)).toHaveLength(1);
    await userEvent.click(within(bar).getByRole('button', { name: 'Undo' }));
    expect(undoDecisions).toHaveBeenCalledWith(getDatabase(), ['d1', 'd2']);
  });

  it('keeps the summary’s line from the first proposal until the wake’s end is read with its report, whichever this tab hears first', async () => {
    const { taskId } = await seedTwoProposals();
    const wake = wakeRow(taskId);
    await getDatabase().wakes.put(wake);
    const { container, rerender } = render(<ProposedChangesCard taskId={taskId} agentWorking />);
    await estimateRow();
    const why = () => container.querySelector('.review-card__why');
    expect(why()).not.toBeNull();

    // This tab hears that its wake ended before its live read has the report: the line stays.
    rerender(<ProposedChangesCard taskId={taskId} agentWorking={false} />);
    expect(why()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(why()).not.toBeNull();

    // The wake's end: its report and its ended row, in one transaction, as the wake writes them.
    const db = getDatabase();
    await db.transaction('rw', [db.reports, db.wakes], async () => {
      await writeReport(
        db,
        {
          agentId: DEFAULT_AGENT_ID,
          taskId,
          oneLiner: 'Launch is on track.',
          tldr: '',
          content: '',
        },
        { deviceId: 'device', now: new Date().toISOString() },
      );
      await db.wakes.put({ ...wake, status: 'done' });
    });
    await waitFor(() => expect(why()).toHaveTextContent('Launch is on track.'));
  });

  it('offers Confirm all only when more than one item waits', async () => {
    const taskId = await createTask('Plan the launch');
    await seedChangeSet(taskId, [estimateProposal(60)]);
    renderCard(taskId);

    await estimateRow();
    expect(screen.queryByRole('button', { name: /^Confirm all/ })).not.toBeInTheDocument();
  });

  it('hides the proposals of a deleted task', async () => {
    const { taskId } = await seedTwoProposals();
    await userWrite('delete_task', { id: taskId }, taskId);
    const otherTaskId = await createTask('Something else');
    await seedChangeSet(otherTaskId, [estimateProposal(90)]);
    await renderBesideAnother(taskId, otherTaskId);
  });
});
