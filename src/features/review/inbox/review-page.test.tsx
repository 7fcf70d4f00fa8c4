import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { getDatabase } from '../../../db/connection';
import { seedChangeSets, seedRows, type SeedChangeSet } from '../../../db/seed-rows';
import { stamp, taskRow } from '../../../../test/support/factories';
import type { Task } from '../../../domain/task';
import { confirmAll } from '../../../confirmation/confirm-all';
import { confirmItem } from '../../../confirmation/confirm-item';
import { rejectItem } from '../../../confirmation/reject-item';
import { undoDecision } from '../../../confirmation/undo-decision';
import { ToastRegion } from '../../../ui/toast-region';
import {
  checklistProposal,
  confirmsLikeTheService,
  createTask,
  estimateProposal,
  markItem,
  rejectsLikeTheService,
  seedChangeSet,
  setUpReviewDatabase,
  shownRow,
} from '../review-test-helpers';
import { ReviewPage } from './review-page';

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

beforeEach(() => {
  vi.mocked(confirmItem).mockReset().mockImplementation(confirmsLikeTheService('confirmed'));
  vi.mocked(rejectItem).mockReset().mockImplementation(rejectsLikeTheService('rejected'));
  vi.mocked(confirmAll)
    .mockReset()
    .mockImplementation(async (_db, changeSetId) => {
      const items = await getDatabase()
        .changeItems.where('changeSetId')
        .equals(changeSetId)
        .sortBy('itemIndex');
      for (const item of items)
        await markItem(changeSetId, item.itemIndex, 'confirmed', `all-${item.itemIndex}`);
      return {
        applied: items.map((item) => item.humanSummary),
        failed: [],
        stale: [],
        decisionIds: items.map((item) => `all-${item.itemIndex}`),
        message: `Applied ${items.length}.`,
      };
    });
  vi.mocked(undoDecision).mockReset().mockResolvedValue({ status: 'undone', message: 'Undone.' });
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/review']}>
      <Routes>
        <Route path="/review" element={<ReviewPage />} />
        <Route path="/tasks/:taskId" element={<p>Task page</p>} />
      </Routes>
      <ToastRegion />
    </MemoryRouter>,
  );
}

async function seedTwoTasks() {
  const launch = await createTask('Plan the launch');
  const errands = await createTask('Errands');
  const launchSet = await seedChangeSet(launch, [
    estimateProposal(60),
    checklistProposal('Design mockup'),
  ]);
  const errandsSet = await seedChangeSet(errands, [checklistProposal('Buy milk')]);
  return { launch, errands, launchSet, errandsSet };
}

const row = (name: RegExp) => screen.findByRole('article', { name });

describe('ReviewPage', () => {
  it('says so when nothing waits', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  });

  it('says all is reviewed, not "0 changes waiting on 0 tasks", while the last Undo stays', async () => {
    const taskId = await createTask('Plan the launch');
    await seedChangeSet(taskId, [estimateProposal(90)]);
    renderPage();
    const estimate = await row(/Set estimate to 90 minutes/);
    await userEvent.keyboard('j');
    expect(estimate).toHaveFocus();
    await userEvent.keyboard('y');
    expect(await screen.findByText('All reviewed: nothing else waits.')).toBeInTheDocument();
    expect(screen.queryByText(/0 changes waiting/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Undo/ })).toBeInTheDocument();
  });

  it('groups pending items by task, with the task as a link and Confirm all per task', async () => {
    const { launch, launchSet } = await seedTwoTasks();
    renderPage();

    expect(await screen.findByText('3 changes waiting on 2 tasks')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Plan the launch' });
    expect(link).toHaveAttribute('href', `/tasks/${launch}`);
    expect(screen.getByRole('link', { name: 'Errands' })).toBeInTheDocument();
    expect(await row(/Set estimate to 60 minutes/)).toHaveTextContent('Estimate · Set estimate');
    // One item on Errands: no Confirm all there.
    expect(screen.getAllByRole('button', { name: /^Confirm all/ })).toHaveLength(1);

    const confirmAllButton = screen.getByRole('button', {
      name: 'Confirm all 2 for Plan the launch',
    });
    // Not greyed as the list mounts its group (it flickered while scrolling), though it
    // ignores taps for a moment after it appears.
    expect(confirmAllButton).not.toHaveAttribute('aria-disabled');
    await act(() => new Promise((resolve) => setTimeout(resolve, 650)));
    await userEvent.click(confirmAllButton);
    expect(confirmAll).toHaveBeenCalledWith(getDatabase(), launchSet.id);
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Plan the launch' })).not.toBeInTheDocument(),
    );
    // The summary stays at the top once the task's rows are gone (and in the toast with Undo).
    const summary = document.querySelector('.review-status') as HTMLElement;
    expect(within(summary).getByRole('status')).toHaveTextContent('Applied 2.');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('works from the keyboard: j / k move, y confirms, n rejects, a confirms all, u undoes', async () => {
    const { launchSet, errandsSet } = await seedTwoTasks();
    const third = await createTask('Tidy up');
    const tidySet = await seedChangeSet(third, [
      checklistProposal('Sort drawers'),
      checklistProposal('Recycle boxes'),
    ]);
    renderPage();
    const estimate = await row(/Set estimate to 60 minutes/);
    const mockup = await row(/Design mockup/);
    const milk = await row(/Buy milk/);
    const drawers = await row(/Sort drawers/);
    expect(screen.getByText(/confirm all for/)).toBeInTheDocument(); // the help line

    await userEvent.keyboard('j');
    expect(estimate).toHaveFocus();
    await userEvent.keyboard('j');
    expect(mockup).toHaveFocus();
    await userEvent.keyboard('k');
    expect(estimate).toHaveFocus();

    await userEvent.keyboard('y');
    expect(confirmItem).toHaveBeenCalledWith(
      getDatabase(),
      launchSet.id,
      0,
      shownRow(0, 'keyboard'),
    );
    await waitFor(() => expect(mockup).toHaveFocus());
    await waitFor(() => expect(estimate).not.toBeInTheDocument());

    await userEvent.keyboard('n');
    expect(rejectItem).toHaveBeenCalledWith(
      getDatabase(),
      launchSet.id,
      1,
      shownRow(1, 'keyboard'),
    );
    await waitFor(() => expect(milk).toHaveFocus());
    expect(await screen.findByRole('button', { name: 'Not now' })).toBeInTheDocument();

    await userEvent.keyboard('u');
    expect(undoDecision).toHaveBeenCalledWith(getDatabase(), 'rejected-1');

    await userEvent.keyboard('j');
    expect(drawers).toHaveFocus();
    await userEvent.keyboard('a');
    await waitFor(() => expect(confirmAll).toHaveBeenCalledWith(getDatabase(), tidySet.id));
    expect(confirmAll).not.toHaveBeenCalledWith(getDatabase(), errandsSet.id);
  });

  it('shows the key legend after ?, on any device, and hides it after another ?', async () => {
    await seedTwoTasks();
    renderPage();
    const legend = (await screen.findByText(/confirm all for/)).closest('p')!;
    expect(legend).not.toHaveClass('review-page__keys--shown');
    await userEvent.keyboard('?');
    expect(legend).toHaveClass('review-page__keys--shown');
    await userEvent.keyboard('?');
    expect(legend).not.toHaveClass('review-page__keys--shown');
  });

  it('after a, keeps the focus on a row: the next task’s first', async () => {
    const { errandsSet } = await seedTwoTasks();
    renderPage();
    const mockup = await row(/Design mockup/);
    await row(/Buy milk/);
    mockup.focus();
    await userEvent.keyboard('a');
    await waitFor(() => expect(confirmAll).toHaveBeenCalled());
    expect(confirmAll).not.toHaveBeenCalledWith(getDatabase(), errandsSet.id);
    await waitFor(() => expect(mockup).not.toBeInTheDocument());
    // The row as it is now (the list may have placed it anew).
    await waitFor(() => expect(screen.getByRole('article', { name: /Buy milk/ })).toHaveFocus());
  });

  it('edits from the keyboard: e opens the sheet, Escape cancels, Enter confirms the edit', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [
      estimateProposal(90),
      checklistProposal('Book a room'),
    ]);
    renderPage();
    const estimate = await row(/Set estimate to 90 minutes/);
    const room = await row(/Book a room/);
    await within(estimate).findByRole('button', { name: /^Edit before confirming/ });

    await userEvent.keyboard('j');
    expect(estimate).toHaveFocus();
    await userEvent.keyboard('e');
    const sheet = await screen.findByRole('dialog', { name: 'Edit before confirming' });
    const minutes = within(sheet).getByLabelText('Estimate (minutes)');
    expect(minutes).toHaveFocus();
    expect(minutes).toHaveValue(90);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirmItem).not.toHaveBeenCalled();
    expect(estimate).toHaveFocus();

    await userEvent.keyboard('e');
    const again = await screen.findByRole('dialog', { name: 'Edit before confirming' });
    const field = within(again).getByLabelText('Estimate (minutes)');
    // An invalid value is refused at the field, and nothing is confirmed.
    await userEvent.clear(field);
    await userEvent.type(field, '5000{Enter}');
    expect(await within(again).findByRole('alert')).toHaveTextContent(/1440|at most/i);
    expect(confirmItem).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '60');
    await userEvent.keyboard('{Enter}');
    expect(confirmItem).toHaveBeenCalledWith(getDatabase(), set.id, 0, {
      edited: { minutes: 60 },
      ...shownRow(0, 'button'),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/Confirmed with changes/)).toBeInTheDocument();
    // The sheet was the row's: the focus goes on to the next row, as after `y`, so the
    // next key works at once (it used to fall to the page).
    await waitFor(() => expect(room).toHaveFocus());
  });

  it('asks for Apply anyway when y is pressed on an item changed since it was proposed', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [estimateProposal(60)]);
    const { userWrite } = await import('../review-test-helpers');
    await userWrite('update_task_estimate', { minutes: 45 }, taskId);
    renderPage();
    const estimate = await row(/Set estimate to 60 minutes/);
    await within(estimate).findByText(/Changed since proposed/);

    await userEvent.keyboard('j');
    await userEvent.keyboard('y');
    const applyAnyway = within(estimate).getByRole('button', { name: /^Apply anyway/ });
    await waitFor(() => expect(applyAnyway).toHaveFocus());
    expect(confirmItem).not.toHaveBeenCalled();

    await userEvent.keyboard('{Enter}');
    expect(confirmItem).toHaveBeenCalledWith(getDatabase(), set.id, 0, {
      applyAnyway: true,
      ...shownRow(0, 'button'),
    });
  });

  it('ignores shortcut letters typed into a field', async () => {
    await seedTwoTasks();
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject: Set estimate to 60 minutes' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Other…' }));
    await userEvent.type(await screen.findByLabelText('Another reason'), 'yanky');
    expect(confirmItem).not.toHaveBeenCalled();
    expect(rejectItem).toHaveBeenCalledTimes(1);
  });

  it('renders only the rows near the viewport of 5,000 pending items', async () => {
    await seedManyProposals(1000, 5);
    renderPage();

    expect(
      await screen.findByText('5,000 changes waiting on 1,000 tasks', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    const rendered = await screen.findAllByRole('article');
    expect(rendered.length).toBeGreaterThan(3);
    expect(rendered.length).toBeLessThan(40);
    expect(screen.getByRole('link', { name: 'Task 0000' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Task 0004' })).not.toBeInTheDocument();

    // j walks past the rendered window: the list scrolls to the row, and the row gets the focus.
    // jsdom lays nothing out: give the page a height and a scroll position that move.
    let scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      get: () => 10_000_000,
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((
      options?: ScrollToOptions,
    ) => {
      scrollY = options?.top ?? scrollY;
      window.dispatchEvent(new Event('scroll'));
    }) as typeof window.scrollTo);
    await userEvent.keyboard('j'.repeat(21));
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/"Step 1 of task 4"$/));
    expect(scrollTo).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Task 0004' })).toBeInTheDocument();

    // Scrolled far down: the first task's rows go, rows from the middle come (read as a window).
    act(() => {
      scrollY = 200_000;
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Task 0000' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(3));
    expect(screen.getAllByRole('article').length).toBeLessThan(40);
  }, 30_000);
});

/** Tasks and their proposals written in bulk: the dispatcher would take minutes for 1,000 tasks. */
async function seedManyProposals(taskCount: number, itemsPerTask: number) {
  const db = getDatabase();
  const now = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const tasks: Task[] = [];
  const sets: SeedChangeSet[] = [];
  for (let index = 0; index < taskCount; index += 1) {
    const id = `task-${String(index).padStart(4, '0')}`;
    tasks.push(taskRow({ id, title: `Task ${String(index).padStart(4, '0')}`, ...stamp(now) }));
    sets.push({
      id: `set-${String(index).padStart(4, '0')}`,
      agentId: 'agent-1',
      taskId: id,
      runKey: `run-${index}`,
      proposedAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      expiresAt,
      items: Array.from({ length: itemsPerTask }, (_unused, itemIndex) =>
        checklistProposal(`Step ${itemIndex + 1} of task ${index}`),
      ),
    });
  }
  await seedRows(db, 'tasks', tasks);
  await seedChangeSets(db, sets);
}
