import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { itemsOfTask } from '../../../test/support/proposals';
import { createAgentReadyTask } from '../../../test/support/test-database';
import { confirmItem } from '../../confirmation/confirm-item';
import { getDatabase } from '../../db/connection';
import { getDeviceId } from '../../db/settings';
import { dispatch } from '../../dispatcher/dispatch';
import type { DispatchContext } from '../../dispatcher/dispatch-types';
import { ActivityPage } from './activity-page';
import { httpError, scriptedModel } from '../../../test/support/scripted-model';
import { scriptedWake, wakeWithModel } from '../../../test/support/scripted-wake';

let clock = 0;

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
  // The device id is kept per database object: the emptied database is still this device.
  await getDatabase().settings.put({ key: 'deviceId', value: await getDeviceId(getDatabase()) });
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

/** An entry's badges, in words. */
function badgesOf(article: HTMLElement) {
  return [...article.querySelectorAll(':scope > .activity-entry__status .activity-badge')].map(
    (badge) => badge.textContent?.replace(/^\W+/, ''),
  );
}

/** A wake that proposes an estimate and two checklist items, applies a language and reports. */
function wake(taskId: string) {
  return scriptedWake(getDatabase(), taskId, [
    {
      text: 'The demo needs an estimate.',
      toolCalls: [
        { name: 'set_task_language', args: { languageCode: 'en' } },
        { name: 'update_task_estimate', args: { minutes: 90, rationale: 'Two 45 min steps.' } },
        {
          name: 'add_multiple_checklist_items',
          args: { items: [{ title: 'Rehearse' }, { title: 'Print handouts' }] },
        },
      ],
    },
    {
      toolCalls: [{ name: 'update_report', args: { oneLiner: 'On track', tldr: '', content: '' } }],
    },
  ]);
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
      'You set estimate to 90 minutes',
      'You created task "Beta"',
      'You created task "Alpha"',
    ]);
    const estimate = entryFor('You set estimate to 90 minutes');
    expect(badgesOf(estimate)).toEqual(['Applied']);
    expect(within(estimate).getByRole('link', { name: 'Alpha' })).toHaveAttribute(
      'href',
      `/tasks/${alpha}`,
    );
    const time = estimate.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-05-04T09:03:00.001Z');
  });

  it('keeps the tool, the operation id and the arguments behind "Details"', async () => {
    const alpha = await createTask('Alpha');
    const result = await run(
      'update_task_priority',
      { priority: 'P1' },
      { source: 'user', taskId: alpha },
    );
    renderActivity();
    await entryHeadings();
    const entry = entryFor('You set priority to P1');
    const toggle = within(entry).getByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).not.toBeVisible();
    expect(within(entry).queryByText('update_task_priority')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const term = (name: string) =>
      within(details).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Tool')).toHaveTextContent('update_task_priority');
    expect(term('By')).toHaveTextContent('You');
    expect(term('Operation')).toHaveTextContent(result.operationId);
    expect(term('Answer')).toHaveTextContent('Priority set to P1.');
    expect(term('Arguments')).toHaveTextContent('"priority": "P1"');
  });

  it('says what came of each operation in words: applied, no change, failed, denied', async () => {
    const alpha = await createTask('Alpha');
    await run('update_task_priority', { priority: 'P2' }, { source: 'user', taskId: alpha });
    await run('update_task_estimate', { minutes: 5000 }, { source: 'user', taskId: alpha });
    await deniedAgentCall(alpha);
    renderActivity();
    await entryHeadings();

    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => badgesOf(article)[0])).toEqual([
      'Denied',
      'Failed',
      'No change',
      'Applied',
    ]);
    expect(articles[0]).toHaveAccessibleName('The agent tried to set language to "de"');
    expect(within(articles[0]!).getByText(/Denied: this task has no category/)).toBeVisible();
    // Arguments that never parsed have no summary: the tool's kind says what it was.
    expect(articles[1]).toHaveAccessibleName('You tried to change estimate');
    expect(within(articles[1]!).getByText(/at most 1440/)).toBeVisible();
    expect(articles[2]).toHaveAccessibleName('You set priority to P2');
  });

  it('shows a failed wake with how it failed, on the closed card, after the panel moved on', async () => {
    const { taskId } = await createAgentReadyTask(getDatabase());
    const failure = scriptedModel([{ throws: httpError(500, { body: 'boom' }) }]).model;
    const outcome = await wakeWithModel(getDatabase(), taskId, failure);
    renderActivity();

    const group = await screen.findByRole('article', { name: 'Agent wake: Prepare the demo' });
    expect(badgesOf(group)).toEqual(['1 Failed']);
    expect(within(group).getByText(`The wake failed: ${outcome.message}`)).toBeVisible();
    // Said on the card, not again as a step: a wake that failed at once has no steps.
    expect(within(group).queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('shows a wake as one group, closed to its counts, its proposals "Proposed" until confirmed', async () => {
    const { taskId } = await createAgentReadyTask(getDatabase());
    await wake(taskId);
    renderActivity();

    const group = await screen.findByRole('article', { name: 'Agent wake: Prepare the demo' });
    expect(badgesOf(group)).toEqual(['3 Proposed', '1 Applied', '1 Noted']);
    const open = within(group).getByRole('button', { name: 'Show 5 steps' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(within(group).queryByRole('article')).not.toBeInTheDocument();

    await userEvent.click(open);
    expect(within(group).getByRole('button', { name: 'Hide steps' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const steps = within(group).getAllByRole('article');
    expect(steps.map((step) => step.querySelector('h4')?.textContent)).toEqual([
      'The agent noted: The demo needs an estimate.',
      'The agent set language to "en"',
      'Agent proposed: Set estimate to 90 minutes',
      'Agent proposed: Add 2 checklist items',
      'The agent noted: Report: On track',
    ]);
    expect(steps.map((step) => badgesOf(step))).toEqual([
      [],
      ['Applied'],
      ['Proposed'],
      ['2 Proposed'],
      ['Noted'],
    ]);
    expect(within(steps[2]!).getByText('Why: Two 45 min steps.')).toBeVisible();
    expect(
      within(within(steps[3]!).getByRole('list', { name: 'Proposed items' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['◇ProposedAdd: "Rehearse"', '◇ProposedAdd: "Print handouts"']);

    const [estimate] = await itemsOfTask(getDatabase(), taskId);
    await act(() => confirmItem(getDatabase(), estimate!.changeSetId, estimate!.itemIndex));
    expect(
      await screen.findByRole('article', { name: 'Confirmed: Set estimate to 90 minutes' }),
    ).toBeInTheDocument();
    expect(badgesOf(entryFor('Confirmed: Set estimate to 90 minutes'))).toEqual(['Confirmed']);
    expect(badgesOf(entryFor('Agent proposed: Set estimate to 90 minutes'))).toEqual(['Confirmed']);
    expect(badgesOf(group)).toEqual(['2 Proposed', '1 Confirmed', '1 Applied', '1 Noted']);
  });

  it('preselects the task named in ?task= and filters by the task select', async () => {
    const alpha = await createTask('Alpha');
    const beta = await createTask('Beta');
    await run('update_task_estimate', { minutes: 30 }, { source: 'user', taskId: alpha });
    await run('update_task_priority', { priority: 'P0' }, { source: 'user', taskId: beta });
    await run('update_task_estimate', { minutes: 45 }, { source: 'user', taskId: beta });
    renderActivity(`/activity?task=${alpha}`);

    // A task's trail starts with its creation.
    expect(await entryHeadings()).toEqual([
      'You set estimate to 30 minutes',
      'You created task "Alpha"',
    ]);
    const taskSelect = screen.getByLabelText('Task');
    expect(taskSelect).toHaveDisplayValue('Alpha');
    expect(
      within(taskSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All tasks', 'Alpha', 'Beta']);

    await userEvent.selectOptions(taskSelect, 'Beta');
    expect(
      await screen.findByRole('heading', { name: 'You set priority to P0' }),
    ).toBeInTheDocument();
    expect(await entryHeadings()).toEqual([
      'You set estimate to 45 minutes',
      'You set priority to P0',
      'You created task "Beta"',
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
    const denied = entryFor('The agent tried to set language to "de"');
    expect(badgesOf(denied)).toEqual(['Denied']);
    expect(within(denied).getByText(/Denied: this task has no category/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?kind=denied');
  });

  it('filters by source', async () => {
    const alpha = await createTask('Alpha');
    await deniedAgentCall(alpha);
    renderActivity('/activity?source=agent');
    expect(await entryHeadings()).toHaveLength(1);
    expect(entryFor('The agent tried to set language to "de"')).toBeInTheDocument();
    expect(screen.getByLabelText('Source')).toHaveDisplayValue('Agent');
  });

  it('says nothing matches and clears the filters on request', async () => {
    await createTask('Alpha');
    renderActivity('/activity?source=undo&kind=denied');

    expect(
      await screen.findByRole('heading', { name: 'Nothing matches these filters' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await entryHeadings()).toEqual(['You created task "Alpha"']);
    expect(screen.getByLabelText('Kind')).toHaveDisplayValue('All kinds');
    expect(screen.getByTestId('location')).toHaveTextContent(/^$/);
  });

  it(
    'shows the newest hundred messages and loads older ones on request',
    { timeout: 40_000 },
    async () => {
      // 51 operations are 102 messages: one operation more than the first page holds.
      for (let index = 1; index <= 51; index += 1) await createTask(`Task ${index}`);
      renderActivity();

      expect(
        await screen.findByText('Showing the newest 50 entries', {}, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect((await entryHeadings())[0]).toBe('You created task "Task 51"');
      expect(
        screen.queryByRole('heading', { name: 'You created task "Task 1"' }),
      ).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
      // jsdom renders fifty cards slowly (seconds on a busy machine): give it time.
      expect(
        await screen.findByText('Showing all 51 entries', {}, { timeout: 20_000 }),
      ).toBeInTheDocument();
      const oldest = entryFor('You created task "Task 1"');
      // The focus moves in an effect after the render that shows the count.
      await waitFor(() => expect(oldest).toHaveFocus());
      expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    },
  );

  it('renders what people and models wrote as text, never as HTML', async () => {
    await createTask('<img src=x onerror="alert(1)">');
    const { container } = renderActivity();
    expect(await entryHeadings()).toEqual(['You created task "<img src=x onerror="alert(1)">"']);
    expect(container.querySelector('img')).toBeNull();
  });
});
