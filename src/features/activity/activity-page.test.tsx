import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { getDatabase } from '../../db/connection';
import { dispatch } from '../../dispatcher/dispatch';
import type { DispatchContext } from '../../dispatcher/dispatch-types';
import { ActivityPage } from './activity-page';

let clock = 0;

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
  clock = Date.parse('2026-05-04T09:00:00.000Z');
});
afterEach(() => cleanup());

/** Dispatches a real tool call a minute after the previous one, so the order is known. */
async function run(toolName: string, args: unknown, context: DispatchContext) {
  clock += 60_000;
  return dispatch(getDatabase(), toolName, args, {
    now: new Date(clock).toISOString(),
    ...context,
  });
}

async function createTask(title: string) {
  const result = await run('create_task', { title }, { source: 'user' });
  return result.data!.taskId as string;
}

/** An agent call on a task without a category: the category policy denies it. */
async function deniedAgentCall(taskId: string) {
  const result = await run(
    'set_task_language',
    { languageCode: 'de' },
    { source: 'agent', taskId },
  );
  expect(result.policyDenied).toBe(true);
  return result;
}

/** The entry that names this tool (tests below call each tool once). */
function entryByTool(toolName: string) {
  return screen.getByText(toolName).closest('article') as HTMLElement;
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderActivity(url = '/activity') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/activity"
          element={
            <>
              <ActivityPage />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** The entries' headings (one per operation), top to bottom. */
async function entryHeadings() {
  await screen.findAllByRole('article');
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
}

function entryFor(summary: string) {
  return screen.getByRole('article', { name: summary });
}

describe('ActivityPage', () => {
  it('says there is no activity yet when the trail is empty', async () => {
    renderActivity();
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Task')).not.toBeInTheDocument();
  });

  it('lists operations newest first, each action with its result as one entry', async () => {
    const alpha = await createTask('Alpha');
    await createTask('Beta');
    await run('update_task_estimate', { minutes: 90 }, { source: 'user', taskId: alpha });
    renderActivity();

    expect(await entryHeadings()).toEqual([
      'Set estimate to 90 minutes',
      'Create task "Beta"',
      'Create task "Alpha"',
    ]);
    const estimate = entryFor('Set estimate to 90 minutes');
    expect(within(estimate).getByText('Estimate set to 90 minutes.')).toBeInTheDocument();
    expect(within(estimate).getByText('update_task_estimate')).toBeInTheDocument();
    expect(within(estimate).getByText('You')).toBeInTheDocument();
    expect(within(estimate).getByRole('link', { name: 'Alpha' })).toHaveAttribute(
      'href',
      `/tasks/${alpha}`,
    );
    const time = estimate.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-05-04T09:03:00.001Z');
  });

  it('shows the operation id shortened, with the full id in its title', async () => {
    const alpha = await createTask('Alpha');
    const result = await run(
      'update_task_priority',
      { priority: 'P1' },
      { source: 'user', taskId: alpha },
    );
    renderActivity();
    await entryHeadings();
    const code = within(entryFor('Set priority to P1')).getByText(result.operationId.slice(0, 12));
    expect(code).toHaveAttribute('title', result.operationId);
  });

  it('says what came of each operation in words: applied, no change, failed, denied', async () => {
    const alpha = await createTask('Alpha');
    await run('update_task_priority', { priority: 'P2' }, { source: 'user', taskId: alpha });
    await run('update_task_estimate', { minutes: 5000 }, { source: 'user', taskId: alpha });
    await deniedAgentCall(alpha);
    renderActivity();
    await entryHeadings();

    const badgeOf = (article: HTMLElement) =>
      article.querySelector('.activity-outcome')?.textContent?.replace(/^\W+/, '');
    const articles = screen.getAllByRole('article');
    expect(articles.map(badgeOf)).toEqual(['Denied', 'Failed', 'No change', 'Applied']);
    expect(within(articles[0]!).getByText(/Denied: this task has no category/)).toBeInTheDocument();
    expect(within(articles[1]!).getByText(/at most 1440/)).toBeInTheDocument();
    expect(within(articles[0]!).getByText('Agent')).toBeInTheDocument();
  });

  it('preselects the task named in ?task= and filters by the task select', async () => {
    const alpha = await createTask('Alpha');
    const beta = await createTask('Beta');
    await run('update_task_estimate', { minutes: 30 }, { source: 'user', taskId: alpha });
    await run('update_task_priority', { priority: 'P0' }, { source: 'user', taskId: beta });
    await run('update_task_estimate', { minutes: 45 }, { source: 'user', taskId: beta });
    renderActivity(`/activity?task=${alpha}`);

    // A task's trail starts with its creation.
    expect(await entryHeadings()).toEqual(['Set estimate to 30 minutes', 'Create task "Alpha"']);
    const taskSelect = screen.getByLabelText('Task');
    expect(taskSelect).toHaveDisplayValue('Alpha');
    expect(
      within(taskSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All tasks', 'Alpha', 'Beta']);

    await userEvent.selectOptions(taskSelect, 'Beta');
    expect(await screen.findByRole('heading', { name: 'Set priority to P0' })).toBeInTheDocument();
    expect(await entryHeadings()).toEqual([
      'Set estimate to 45 minutes',
      'Set priority to P0',
      'Create task "Beta"',
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent(`?task=${beta}`);
  });

  it('shows only denied operations when filtering by policy denied', async () => {
    const alpha = await createTask('Alpha');
    await run('update_task_estimate', { minutes: 30 }, { source: 'user', taskId: alpha });
    await deniedAgentCall(alpha);
    renderActivity();
    expect(await entryHeadings()).toHaveLength(3);

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Policy denied');
    expect(await screen.findByText('Showing all 1 entry')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const denied = entryByTool('set_task_language');
    expect(within(denied).getByText('Denied')).toBeInTheDocument();
    expect(within(denied).getByText(/Denied: this task has no category/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?kind=denied');
  });

  it('filters by source', async () => {
    const alpha = await createTask('Alpha');
    await deniedAgentCall(alpha);
    renderActivity('/activity?source=agent');
    expect(await entryHeadings()).toHaveLength(1);
    expect(entryByTool('set_task_language')).toBeInTheDocument();
    expect(screen.getByLabelText('Source')).toHaveDisplayValue('Agent');
  });

  it('says nothing matches and clears the filters on request', async () => {
    await createTask('Alpha');
    renderActivity('/activity?source=undo&kind=denied');

    expect(
      await screen.findByRole('heading', { name: 'Nothing matches these filters' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await entryHeadings()).toEqual(['Create task "Alpha"']);
    expect(screen.getByLabelText('Kind')).toHaveDisplayValue('All kinds');
    expect(screen.getByTestId('location')).toHaveTextContent(/^$/);
  });

  it('shows the newest hundred messages and loads older ones on request', async () => {
    // 51 operations are 102 messages: one operation more than the first page holds.
    for (let index = 1; index <= 51; index += 1) await createTask(`Task ${index}`);
    renderActivity();

    expect(
      await screen.findByText('Showing the newest 50 entries', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect((await entryHeadings())[0]).toBe('Create task "Task 51"');
    expect(screen.queryByRole('heading', { name: 'Create task "Task 1"' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    // jsdom renders fifty cards slowly: give it more than the default second.
    expect(
      await screen.findByText('Showing all 51 entries', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const oldest = entryFor('Create task "Task 1"');
    expect(oldest).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });

  it('renders what people and models wrote as text, never as HTML', async () => {
    await createTask('<img src=x onerror="alert(1)">');
    const { container } = renderActivity();
    expect(await entryHeadings()).toEqual(['Create task "<img src=x onerror="alert(1)">"']);
    expect(container.querySelector('img')).toBeNull();
  });
});
