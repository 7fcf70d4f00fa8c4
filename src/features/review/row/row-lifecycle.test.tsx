/**
 * A row decided in the task's card and one decided in the Review inbox take the same path
 * (row-lifecycle.ts): the phases each shows, whether it leaves, and where the focus goes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { confirmItem } from '../../../confirmation/confirm-item';
import { rejectItem } from '../../../confirmation/reject-item';
import { ProposedChangesCard } from '../card/proposed-changes-card';
import { ReviewPage } from '../inbox/review-page';
import { nextPhase, type RowPhase } from './row-lifecycle';
import {
  checklistProposal,
  confirmsLikeTheService,
  createTask,
  deferred,
  estimateProposal,
  rejectsLikeTheService,
  seedChangeSet,
  setUpReviewDatabase,
  swipe,
} from '../review-test-helpers';

vi.mock('../../../confirmation/confirm-item', () => ({ confirmItem: vi.fn() }));
vi.mock('../../../confirmation/reject-item', () => ({
  rejectItem: vi.fn(),
  setRejectionReason: vi.fn(),
}));

setUpReviewDatabase();

beforeEach(() => {
  vi.mocked(confirmItem).mockReset().mockImplementation(confirmsLikeTheService('confirmed'));
  vi.mocked(rejectItem).mockReset().mockImplementation(rejectsLikeTheService('rejected'));
});

/** The key of the row that has the focus, whichever element shows it now. */
const focusedRow = () =>
  document.activeElement?.closest<HTMLElement>('[data-review-key]')?.dataset.reviewKey;

const SURFACES = {
  card: (taskId: string) => render(<ProposedChangesCard taskId={taskId} />),
  inbox: () =>
    render(
      <MemoryRouter>
        <ReviewPage />
      </MemoryRouter>,
    ),
};

/** Two proposals on one task, shown on `surface`: the estimate's row, then the checklist's. */
async function twoRowsOn(surface: keyof typeof SURFACES) {
  const taskId = await createTask('Plan the launch');
  await seedChangeSet(taskId, [estimateProposal(60), checklistProposal('Design mockup')]);
  SURFACES[surface](taskId);
  const estimate = await screen.findByRole('article', { name: /Set estimate/ });
  const mockup = await screen.findByRole('article', { name: /Design mockup/ });
  return { estimate, mockup };
}

/** Every phase the row shows from now on, each once per change, and 'gone' when it leaves the page. */
function watchPhases(row: HTMLElement) {
  const seen: string[] = [row.dataset.phase ?? ''];
  const note = (phase: string) => {
    if (seen.at(-1) !== phase) seen.push(phase);
  };
  // Records come in batches: each phase the row left is an old value, in order.
  const observer = new MutationObserver((records) => {
    for (const record of records)
      if (record.target === row && record.attributeName === 'data-phase')
        note(record.oldValue ?? '');
    note(row.isConnected ? (row.dataset.phase ?? '') : 'gone');
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
  });
  return {
    seen,
    stop: () => observer.disconnect(),
  };
}

describe.each(['card', 'inbox'] as const)('a row decided in the %s', (surface) => {
  it('goes resting → deciding → leaving → gone after Confirm, and the focus goes on to the next row', async () => {
    const { estimate, mockup } = await twoRowsOn(surface);
    const phases = watchPhases(estimate);
    await userEvent.click(within(estimate).getByRole('button', { name: /^Confirm:/ }));
    await waitFor(() => expect(estimate).not.toBeInTheDocument());
    phases.stop();
    expect(phases.seen).toEqual(['resting', 'deciding', 'leaving', 'gone']);
    await waitFor(() => expect(focusedRow()).toBe(mockup.dataset.reviewKey));
  });

  it('goes dragging → armed → deciding → leaving → gone after a swipe', async () => {
    const { estimate } = await twoRowsOn(surface);
    const phases = watchPhases(estimate);
    fireEvent.touchStart(estimate, { touches: [{ clientX: 300, clientY: 300 }] });
    for (const x of [340, 380, 440, 480])
      fireEvent.touchMove(estimate, { touches: [{ clientX: x, clientY: 302 }] });
    fireEvent.touchEnd(estimate, { touches: [] });
    await waitFor(() => expect(estimate).not.toBeInTheDocument());
    phases.stop();
    expect(phases.seen).toEqual(['resting', 'dragging', 'armed', 'deciding', 'leaving', 'gone']);
  });

  it('goes dragging → armed → dragging → resting when the finger comes back short, deciding nothing', async () => {
    const { estimate } = await twoRowsOn(surface);
    const phases = watchPhases(estimate);
    fireEvent.touchStart(estimate, { touches: [{ clientX: 300, clientY: 300 }] });
    for (const x of [340, 380, 440, 480, 340])
      fireEvent.touchMove(estimate, { touches: [{ clientX: x, clientY: 302 }] });
    fireEvent.touchEnd(estimate, { touches: [] });
    await waitFor(() => expect(estimate).toHaveAttribute('data-phase', 'resting'));
    phases.stop();
    expect(phases.seen).toEqual(['resting', 'dragging', 'armed', 'dragging', 'resting']);
    expect(confirmItem).not.toHaveBeenCalled();
  });

  it('stays slid out while its swipe’s decision runs, though another finger scrolls over it', async () => {
    const { estimate } = await twoRowsOn(surface);
    const gate = deferred<void>();
    vi.mocked(confirmItem).mockImplementationOnce(async (db, setId, index) => {
      await gate.promise;
      return confirmsLikeTheService('confirmed')(db, setId, index);
    });
    swipe(estimate, 200);
    await waitFor(() => expect(estimate).toHaveAttribute('data-phase', 'deciding'));
    const surfaceOf = () => estimate.querySelector<HTMLElement>('.review-row__surface')!;
    const slidOut = surfaceOf().style.transform;
    expect(slidOut).toMatch(/^translateX\(\d+px\)$/);
    swipe(estimate, 10, 300);
    expect(surfaceOf().style.transform).toBe(slidOut);
    await gate.resolve();
    await waitFor(() => expect(estimate).not.toBeInTheDocument());
  });

  it('comes back to resting, keeping the focus and saying why, when the item stays', async () => {
    vi.mocked(confirmItem).mockResolvedValueOnce({
      status: 'failed',
      message: 'The checklist is full.',
    });
    const { estimate } = await twoRowsOn(surface);
    const phases = watchPhases(estimate);
    const confirm = within(estimate).getByRole('button', { name: /^Confirm:/ });
    await userEvent.click(confirm);
    expect(await within(estimate).findByRole('alert')).toHaveTextContent('The checklist is full.');
    await waitFor(() => expect(estimate).toHaveAttribute('data-phase', 'resting'));
    phases.stop();
    expect(phases.seen).toEqual(['resting', 'deciding', 'resting']);
    expect(confirm).toHaveFocus();
  });

  it('is gone at once after Reject, its reason prompt in its place, and the focus goes on', async () => {
    const { estimate, mockup } = await twoRowsOn(surface);
    const phases = watchPhases(estimate);
    await userEvent.click(within(estimate).getByRole('button', { name: /^Reject:/ }));
    expect(await screen.findByRole('group', { name: /Rejected/ })).toBeInTheDocument();
    await waitFor(() => expect(focusedRow()).toBe(mockup.dataset.reviewKey));
    phases.stop();
    expect(phases.seen).toEqual(['resting', 'deciding', 'gone']);
  });
});

describe('the lifecycle’s phases', () => {
  const walk = (...events: Parameters<typeof nextPhase>[1][]) =>
    events.reduce<RowPhase>(nextPhase, 'resting');

  it('reaches deciding from a button at once, or from a swipe only once armed', () => {
    expect(walk('decide')).toBe('deciding');
    expect(walk('drag', 'release')).toBe('resting');
    expect(walk('drag', 'arm', 'disarm', 'release')).toBe('resting');
    expect(walk('drag', 'arm', 'release')).toBe('deciding');
    expect(walk('drag', 'arm', 'cancel')).toBe('resting');
  });

  it('leaves, is replaced or stays after the verdict, and comes back when the list keeps it', () => {
    expect(walk('decide', 'leaves', 'letGo')).toBe('gone');
    expect(walk('decide', 'leaves', 'cameBack')).toBe('resting');
    expect(walk('decide', 'replaced')).toBe('gone');
    expect(walk('decide', 'stays')).toBe('resting');
    // Gone is the end: nothing brings the row back from there.
    expect(walk('decide', 'replaced', 'cameBack', 'decide')).toBe('gone');
  });
});
