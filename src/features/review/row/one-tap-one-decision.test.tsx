import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getDatabase } from '../../../db/connection';
import { confirmItem } from '../../../confirmation/confirm-item';
import { undoDecisions } from '../../../confirmation/undo-decision';
import { SETTLE_MS } from '../../../ui/motion-watch';
import { ProposedChangesCard } from '../card/proposed-changes-card';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  markItem,
  seedChangeSet,
  setUpReviewDatabase,
  swipe,
} from '../review-test-helpers';

vi.mock('../../../confirmation/confirm-item', () => ({ confirmItem: vi.fn() }));
vi.mock('../../../confirmation/undo-decision', () => ({
  undoDecision: vi.fn(),
  undoDecisions: vi.fn(),
}));

setUpReviewDatabase();

const ROW_HEIGHT = 200;

beforeEach(() => {
  vi.mocked(confirmItem)
    .mockReset()
    .mockImplementation(async (_db, changeSetId, itemIndex) => {
      await markItem(changeSetId, itemIndex, 'confirmed', `decision-${itemIndex}`);
      return { status: 'applied', message: 'Applied.', decisionId: `decision-${itemIndex}` };
    });
  vi.mocked(undoDecisions).mockReset().mockResolvedValue({ status: 'undone', message: 'Undone.' });
  // jsdom has no layout: each row stands one row height below the one before it, so a
  // row that leaves brings the rows below it up, as on a screen.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const at = [...document.querySelectorAll('article')].indexOf(this as HTMLElement);
    const top = Math.max(at, 0) * ROW_HEIGHT;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 600,
      bottom: top + 180,
      width: 600,
      height: 180,
    } as DOMRect;
  });
});

afterEach(() => vi.restoreAllMocks());

/** A tap: a click from a pointer (a keyboard's click has no detail). */
const tap = (element: Element) => fireEvent.click(element, { detail: 1 });
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

async function threeProposals() {
  const taskId = await createTask('Plan the launch');
  const set = await seedChangeSet(taskId, [
    estimateProposal(60),
    { ...checklistProposal('Design mockup'), groupId: 'group-2' },
    { ...checklistProposal('Write copy'), groupId: 'group-3' },
  ]);
  render(<ProposedChangesCard taskId={taskId} />);
  await screen.findByRole('article', { name: /Write copy/ });
  // The rows have stood still for longer than the moment.
  await pause(SETTLE_MS + 50);
  return { taskId, set };
}

const confirmButton = (name: RegExp) => screen.getByRole('button', { name });
/**
 * The row has left the list: its decision has finished, held list and all. Every test waits
 * for this after its last decision, so none ends with a decision still leaving (its end
 * then ran after the file's jsdom was gone: "window is not defined" on a busy machine).
 */
const left = (name: RegExp) =>
  waitFor(() => expect(screen.queryByRole('article', { name })).not.toBeInTheDocument());

describe('one tap, one decision', () => {
  it('ignores a second tap on the decided row while it leaves', async () => {
    await threeProposals();
    const estimate = confirmButton(/^Confirm: Set estimate/);
    tap(estimate);
    // Decided, and collapsing: its buttons are no longer busy.
    await screen.findByText('Applied: Set estimate to 60 minutes');
    expect(estimate).toBeEnabled();
    tap(estimate);
    await left(/Set estimate/);
    expect(confirmItem).toHaveBeenCalledTimes(1);
  });

  it('ignores a tap on the row that came up under the finger, for a moment, then takes it', async () => {
    const { set } = await threeProposals();
    tap(confirmButton(/^Confirm: Set estimate/));
    await left(/Set estimate/);
    // The next row now stands where the finger is: the double tap's second tap.
    tap(confirmButton(/^Confirm: Add: "Design mockup"/));
    swipe(screen.getByRole('article', { name: /Design mockup/ }), 160);
    await pause(50);
    expect(confirmItem).toHaveBeenCalledTimes(1);

    await pause(SETTLE_MS);
    tap(confirmButton(/^Confirm: Add: "Design mockup"/));
    await waitFor(() => expect(confirmItem).toHaveBeenCalledTimes(2));
    expect(confirmItem).toHaveBeenLastCalledWith(getDatabase(), set.id, 1, expect.anything());
    await left(/Design mockup/);
  });

  it('takes a tap at once on a row that did not move, and from the keyboard on one that did', async () => {
    await threeProposals();
    tap(confirmButton(/^Confirm: Add: "Design mockup"/));
    await left(/Design mockup/);
    // Above the decided row: nothing moved there.
    tap(confirmButton(/^Confirm: Set estimate/));
    await waitFor(() => expect(confirmItem).toHaveBeenCalledTimes(2));
    await left(/Set estimate/);
    // Moved up twice, but Enter on a focused button is no finger.
    fireEvent.click(confirmButton(/^Confirm: Add: "Write copy"/), { detail: 0 });
    await waitFor(() => expect(confirmItem).toHaveBeenCalledTimes(3));
    await left(/Write copy/);
  });

  it('does not grey a row’s buttons while they ignore taps', async () => {
    await threeProposals();
    tap(confirmButton(/^Confirm: Set estimate/));
    await left(/Set estimate/);
    // Moved up under the finger: taps wait a moment, but nothing flickers grey.
    expect(confirmButton(/^Confirm: Add: "Design mockup"/)).not.toHaveAttribute('aria-disabled');
    expect(confirmButton(/^Confirm: Add: "Design mockup"/)).toBeEnabled();
  });

  it('adds quick confirmations up in the status bar, and its Undo takes back all it names', async () => {
    await threeProposals();
    tap(confirmButton(/^Confirm: Add: "Write copy"/));
    await left(/Write copy/);
    tap(confirmButton(/^Confirm: Add: "Design mockup"/));
    expect(
      await screen.findByText('Applied 2: Add: "Write copy" · Add: "Design mockup"'),
    ).toBeInTheDocument();
    await left(/Design mockup/);
    tap(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(undoDecisions).toHaveBeenCalledWith(getDatabase(), ['decision-2', 'decision-1']),
    );
  });
});
