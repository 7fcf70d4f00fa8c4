/**
 * A decision in the inbox costs the same at any backlog: the renders it causes (the row
 * turns busy, then settles) do not make the virtualizer lay out every pending place again.
 * It does so whenever its getItemKey changes, calling it once per place: counted here
 * through the real @tanstack/react-virtual.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ReactVirtual from '@tanstack/react-virtual';
import type * as ItemView from '../row/item-view';
import { MemoryRouter } from 'react-router';
import { getDatabase } from '../../../db/connection';
import { seedChangeSets, seedRows } from '../../../db/seed-rows';
import { stamp, taskRow } from '../../../../test/support/factories';
import { confirmItem } from '../../../confirmation/confirm-item';
import type { ReviewResult } from '../../../confirmation/review-result';
import { checklistProposal, setUpReviewDatabase } from '../review-test-helpers';
import { ReviewPage } from './review-page';

/** Calls of the inbox's getItemKey, through whichever function the inbox passed. */
const keyCalls = vi.hoisted(() => ({ count: 0 }));

vi.mock('@tanstack/react-virtual', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactVirtual>();
  // One counting wrapper per function the inbox passes, so a stable one stays stable.
  const wrapped = new WeakMap<object, (index: number) => string | number | bigint>();
  return {
    ...actual,
    useWindowVirtualizer: ((options) => {
      const { getItemKey } = options;
      if (getItemKey && !wrapped.has(getItemKey)) {
        wrapped.set(getItemKey, (index: number) => {
          keyCalls.count += 1;
          return getItemKey(index);
        });
      }
      return actual.useWindowVirtualizer({
        ...options,
        ...(getItemKey ? { getItemKey: wrapped.get(getItemKey)! } : {}),
      });
    }) as typeof actual.useWindowVirtualizer,
  };
});
vi.mock('../../../confirmation/confirm-item', () => ({ confirmItem: vi.fn() }));

/** The items whose row rendered (each render of a row reads its view once). */
const rowRenders = vi.hoisted(() => ({ itemIds: [] as string[] }));
vi.mock('../row/item-view', async (importOriginal) => {
  const actual = await importOriginal<typeof ItemView>();
  return {
    ...actual,
    useItemView: ((taskId, item) => {
      rowRenders.itemIds.push(item.id);
      return actual.useItemView(taskId, item);
    }) as typeof actual.useItemView,
  };
});

setUpReviewDatabase();

const TASKS = 1_000;
const PER_TASK = 5;

/** 5,000 pending items on 1,000 tasks, written in bulk. */
async function seedBacklog() {
  const now = new Date().toISOString();
  const id = (index: number) => String(index).padStart(4, '0');
  await seedRows(
    getDatabase(),
    'tasks',
    Array.from({ length: TASKS }, (_, index) =>
      taskRow({ id: `task-${id(index)}`, title: `Task ${id(index)}`, ...stamp(now) }),
    ),
  );
  await seedChangeSets(
    getDatabase(),
    Array.from({ length: TASKS }, (_, index) => ({
      id: `set-${id(index)}`,
      agentId: 'agent-1',
      taskId: `task-${id(index)}`,
      runKey: `run-${index}`,
      proposedAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      items: Array.from({ length: PER_TASK }, (_, item) => checklistProposal(`Step ${item + 1}`)),
    })),
  );
}

/**
 * The inbox at 5,000 pending, its confirmations held until `finish` answers them: resolves
 * with the first row's Confirm once several rows show.
 */
async function openHeldInbox() {
  await seedBacklog();
  const held = { finish: (_result: ReviewResult) => {} };
  vi.mocked(confirmItem).mockImplementation(
    () => new Promise<ReviewResult>((resolve) => (held.finish = resolve)),
  );
  render(
    <MemoryRouter initialEntries={['/review']}>
      <ReviewPage />
    </MemoryRouter>,
  );
  expect(
    await screen.findByText('5,000 changes waiting on 1,000 tasks', undefined, {
      timeout: 15_000,
    }),
  ).toBeInTheDocument();
  const [first] = await screen.findAllByRole('button', { name: /^Confirm: Add: "Step 1"/ });
  await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(3));
  return { first: first!, finish: (result: ReviewResult) => held.finish(result) };
}

describe('the inbox at 5,000 pending', () => {
  it('lays out the backlog again only when the rows change, not on every render of a decision', async () => {
    const { first, finish } = await openHeldInbox();
    keyCalls.count = 0;
    // The decision runs: the row turns busy and holds its place (several renders).
    await userEvent.click(first);
    await waitFor(() => expect(first).toBeDisabled());
    // Answered "failed": the row stays and says why (more renders), nothing left the list.
    finish({ status: 'failed', message: 'Not applied: the disk is full.' });
    expect(await screen.findByText('Not applied: the disk is full.')).toBeInTheDocument();
    // Before: every render made a new getItemKey, and each laid out all 5,000 places.
    expect(keyCalls.count).toBeLessThan(TASKS * PER_TASK);
  }, 30_000);

  it('re-renders only the decided row while its decision runs, not every row on screen', async () => {
    const { first, finish } = await openHeldInbox();
    await userEvent.click(first.closest('article')!);
    const decided = first.closest<HTMLElement>('[data-review-key]')!.dataset.reviewKey!;

    rowRenders.itemIds = [];
    await userEvent.click(first);
    await waitFor(() => expect(first).toBeDisabled());
    // Every render of this decision is the decided row's: the other rows kept their props.
    expect(rowRenders.itemIds.length).toBeGreaterThan(0);
    expect(new Set(rowRenders.itemIds)).toEqual(new Set([decided]));
    finish({ status: 'failed', message: 'Not applied: the disk is full.' });
    expect(await screen.findByText('Not applied: the disk is full.')).toBeInTheDocument();
  }, 30_000);
});
