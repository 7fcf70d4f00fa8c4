import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowAgentCategories, createAgentReadyTask } from '../../../test/support/test-database';
import { dispatch } from '../../dispatcher/dispatch';
import type { WakeOutcome } from '../../agent/run-wake';
import { NOT_CONFIGURED_MESSAGE } from '../../agent/wake-with-device-settings';
import type { WakeProgress } from '../../agent/wake-progress';
import { getDatabase } from '../../db/connection';
import { DEFAULT_AGENT_ID, type Wake } from '../../domain/agent';
import { AgentPanel } from './agent-panel';
import { wakeFromPage } from './wake-from-page';
import { useWakeProgressStore } from './wake-progress-store';

const wakeClient = vi.hoisted(() => ({ wakeInWorker: vi.fn(), cancelInWorker: vi.fn() }));
vi.mock('../../agent/wake-in-worker', () => wakeClient);

/** A wake the test drives: each `emit` is one progress event from the worker. */
function scriptWake() {
  let onProgress: (progress: WakeProgress) => void = () => {};
  let settle: (outcome: WakeOutcome) => void = () => {};
  wakeClient.wakeInWorker.mockImplementation(
    (_taskId: string, progress: (progress: WakeProgress) => void) => {
      onProgress = progress;
      return new Promise<WakeOutcome>((resolve) => (settle = resolve));
    },
  );
  return {
    emit: (...events: WakeProgress[]) => act(() => events.forEach((event) => onProgress(event))),
    finish: (outcome: WakeOutcome) => act(async () => settle(outcome)),
  };
}

let taskId: string;

beforeEach(async () => {
  wakeClient.wakeInWorker.mockReset();
  wakeClient.cancelInWorker.mockReset();
  useWakeProgressStore.setState({ byTask: {} });
  await getDatabase().delete();
  await getDatabase().open();
  ({ taskId } = await createAgentReadyTask(getDatabase()));
});
afterEach(() => cleanup());

function renderPanel(id = taskId, path = `/tasks/${id}`) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/tasks/:id" element={<AgentPanel taskId={id} />} />
      </Routes>
      {path.includes('?') && <Address />}
    </MemoryRouter>,
  );
}

/** The address the router is at, so a test can see the panel take `?wake=now` out of it. */
function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

const status = () => screen.getByRole('status');
const wakeButton = () => screen.getByRole('button', { name: 'Wake agent' });

function wakeRow(change: Partial<Wake> = {}): Wake {
  const startedAt = change.startedAt ?? new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    agentId: DEFAULT_AGENT_ID,
    taskId,
    runKey: 'wake:x',
    status: 'done',
    startedAt,
    createdAt: startedAt,
    updatedAt: startedAt,
    rev: 1,
    vectorClock: {},
    ...change,
  };
}

async function putReport(content: string) {
  const now = new Date().toISOString();
  await getDatabase().reports.put({
    id: `${DEFAULT_AGENT_ID}:${taskId}`,
    agentId: DEFAULT_AGENT_ID,
    taskId,
    oneLiner: 'The demo is on track.',
    tldr: 'Script written; the room is not booked yet.',
    content,
    createdAt: now,
    updatedAt: now,
    rev: 1,
    vectorClock: {},
  });
}

describe('AgentPanel', () => {
  it('says why it may not wake on a task outside the allowed categories, and one tap allows it', async () => {
    await allowAgentCategories(getDatabase(), []);
    renderPanel();

    const allow = await screen.findByRole('button', { name: 'Allow the agent on Work' });
    expect(screen.getByText(/nothing from this task is sent to a model/)).toBeInTheDocument();
    await waitFor(() => expect(wakeButton()).toHaveAttribute('aria-disabled', 'true'));
    expect(wakeButton()).toHaveAccessibleDescription(/may not act on tasks in Work/);
    await userEvent.click(wakeButton());
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();

    await userEvent.click(allow);
    await waitFor(() => expect(wakeButton()).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByText(/nothing from this task is sent/)).not.toBeInTheDocument();
    scriptWake();
    await userEvent.click(wakeButton());
    expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1);
  });

  it('starts the wake the address asks for (?wake=now) once, and takes the request out of the address', async () => {
    const wake = scriptWake();
    renderPanel(taskId, `/tasks/${taskId}?wake=now`);

    await waitFor(() => expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1));
    expect(wakeClient.wakeInWorker.mock.calls[0]?.[0]).toBe(taskId);
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(`/tasks/${taskId}`),
    );
    expect(screen.getByTestId('address').textContent).not.toContain('wake');
    // The wake's end shown is the panel drawn after every change the request caused.
    await wake.finish({ status: 'done', wakeId: 'w1', proposed: 0, turns: 1 });
    await waitFor(() => expect(status()).toHaveTextContent(/^Done/));
    expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1);
  });

  it('does not start a wake the address asks for on a task the agent may not act on', async () => {
    await allowAgentCategories(getDatabase(), []);
    renderPanel(taskId, `/tasks/${taskId}?wake=now`);

    expect(await screen.findByRole('button', { name: 'Allow the agent on Work' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('address').textContent).not.toContain('wake'));
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();
  });

  it('asks for a category first when the task has none (or its category was deleted)', async () => {
    const { categoryId } = await getDatabase()
      .tasks.get(taskId)
      .then((task) => ({ categoryId: task!.categoryId! }));
    await dispatch(getDatabase(), 'delete_category', { id: categoryId }, { source: 'user' });
    renderPanel();

    expect(await screen.findByText(/This task has no category/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Allow the agent/ })).toBeNull();
    expect(wakeButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('explains what waking does before the first wake', async () => {
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'Agent' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The agent reads this task and its journal and proposes changes for you to confirm. Nothing changes until you confirm.',
      ),
    ).toBeInTheDocument();
    expect(wakeButton()).not.toHaveAttribute('aria-disabled');
  });

  it('renders nothing for a task that does not exist', async () => {
    const { container } = renderPanel('no-such-task');
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('streams the wake’s progress in words and ends with what it proposed', async () => {
    const wake = scriptWake();
    renderPanel();
    await userEvent.click(wakeButton());

    expect(wakeClient.wakeInWorker).toHaveBeenCalledWith(taskId, expect.any(Function), 'manual');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(status()).toHaveTextContent('Starting the agent…');
    expect(wakeButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    wake.emit(
      { type: 'started', wakeId: 'w1', taskId },
      { type: 'connecting', provider: 'the demo agent' },
    );
    expect(status()).toHaveTextContent('Connecting to the demo agent…');

    wake.emit({ type: 'thinking', turn: 1 });
    expect(status()).toHaveTextContent('Thinking (turn 1 of up to 8)…');

    wake.emit(
      { type: 'tool', turn: 1, toolName: 'update_task_estimate', outcome: 'queued' },
      { type: 'proposed', total: 3 },
      { type: 'thinking', turn: 2 },
    );
    expect(status()).toHaveTextContent('Thinking (turn 2 of up to 8)… 3 changes proposed so far.');
    expect(
      screen.getByText('Last step (turn 1): update_task_estimate, queued for your review.'),
    ).toBeInTheDocument();

    wake.emit({
      type: 'waiting',
      seconds: 5,
      reason: 'The provider asked to wait before the next request (rate limit).',
    });
    expect(status()).toHaveTextContent(
      'Waiting 5 s: the provider asked to wait before the next request (rate limit).',
    );

    wake.emit(
      { type: 'tool', turn: 2, toolName: 'set_task_language', outcome: 'applied' },
      { type: 'proposed', total: 4 },
      { type: 'done', proposed: 4, turns: 2 },
    );
    await wake.finish({ status: 'done', wakeId: 'w1', proposed: 4, turns: 2 });
    expect(status()).toHaveTextContent('Done: 4 changes proposed for your review.');
    // The last step's line now says what the wake changed without asking.
    expect(screen.queryByText(/^Last step/)).toBeNull();
    expect(
      screen.getByText('Applied without asking: language (see Activity).'),
    ).toBeInTheDocument();
    expect(wakeButton()).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('folds once a wake is done, opens and folds again with Details, and unfolds for a wake the person starts', async () => {
    await getDatabase().wakes.put(wakeRow());
    const { container } = renderPanel();
    const details = await screen.findByRole('button', { name: 'Details' });
    const panel = container.querySelector('.agent-panel')!;
    expect(panel).toHaveClass('agent-panel--folded');
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(details).toHaveAttribute('aria-controls', panel.id);

    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('agent-panel--folded');
    await userEvent.click(details);
    expect(panel).toHaveClass('agent-panel--folded');

    // An automatic wake (after the person's edit) leaves it folded: the task stays put.
    const automatic = scriptWake();
    act(() => void wakeFromPage(taskId, 'automatic'));
    await waitFor(() => expect(status()).toHaveTextContent('Starting the agent…'));
    expect(panel).toHaveClass('agent-panel--folded');
    await automatic.finish({ status: 'done', wakeId: 'w0', proposed: 0, turns: 1 });

    // The person's own wake shows its progress, then folds when it is done.
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    const wake = scriptWake();
    await userEvent.click(wakeButton());
    expect(panel).not.toHaveClass('agent-panel--folded');
    expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
    wake.emit({ type: 'started', wakeId: 'w1', taskId }, { type: 'done', proposed: 2, turns: 1 });
    await wake.finish({ status: 'done', wakeId: 'w1', proposed: 2, turns: 1 });
    expect(panel).toHaveClass('agent-panel--folded');
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Still said to a screen reader, though folded out of sight in landscape.
    expect(status()).toHaveTextContent('Done: 2 changes proposed for your review.');
  });

  it('never calls this tab’s own wake interrupted while its row catches up with its end', async () => {
    const wake = scriptWake();
    renderPanel();
    await userEvent.click(wakeButton());
    wake.emit({ type: 'started', wakeId: 'w1', taskId });
    // The row says "running" (and is old enough to count as dead by time alone) when the
    // worker's end reaches the page, before the row's own end does.
    const startedAt = new Date(Date.now() - 11 * 60_000).toISOString();
    await getDatabase().wakes.put(wakeRow({ id: 'w1', status: 'running', startedAt }));
    await screen.findByText(/^Wake started .* · still running$/);
    wake.emit({ type: 'done', proposed: 0, turns: 1 });
    await wake.finish({ status: 'done', wakeId: 'w1', proposed: 0, turns: 1 });
    expect(status()).toHaveTextContent('Done: no changes proposed.');
    expect(screen.queryByText(/interrupted/)).toBeNull();
  });

  it('cancels a running wake', async () => {
    const wake = scriptWake();
    renderPanel();
    await userEvent.click(wakeButton());
    wake.emit({ type: 'thinking', turn: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(wakeClient.cancelInWorker).toHaveBeenCalledWith(taskId);
    expect(status()).toHaveTextContent('Cancelling…');
    wake.emit({ type: 'cancelled' });
    await wake.finish({ status: 'cancelled', proposed: 0, turns: 1 });
    expect(status()).toHaveTextContent('Cancelled. Nothing was proposed.');
    // The Cancel button went away with focus on it: focus lands on Wake agent, not the page.
    expect(wakeButton()).toHaveFocus();
  });

  it('says, as information and not as an error, that the agent is not set up, with the way to set it up', async () => {
    const wake = scriptWake();
    renderPanel();
    await userEvent.click(wakeButton());
    wake.emit({ type: 'failed', kind: 'not-configured', message: NOT_CONFIGURED_MESSAGE });
    await wake.finish({
      status: 'failed',
      kind: 'not-configured',
      message: NOT_CONFIGURED_MESSAGE,
      proposed: 0,
      turns: 0,
    });

    expect(screen.queryByRole('alert')).toBeNull();
    const notice = screen
      .getByText('The agent has no model yet.', { exact: false })
      .closest('.notice')!;
    expect(notice).toHaveClass('notice--info');
    expect(
      within(notice as HTMLElement).getByRole('link', { name: 'Set up the agent' }),
    ).toHaveAttribute('href', '/settings#agent');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('');
  });

  it('says a failed wake once, as an error, with the way to the agent settings', async () => {
    const wake = scriptWake();
    renderPanel();
    await userEvent.click(wakeButton());
    await wake.finish({
      status: 'failed',
      kind: 'unreachable',
      message: 'Nothing answered at localhost:11434.',
      proposed: 0,
      turns: 1,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing answered at localhost:11434.');
    expect(screen.getAllByText(/Nothing answered at localhost:11434/)).toHaveLength(1);
    expect(
      within(screen.getByRole('alert')).getByRole('link', { name: 'Open agent settings' }),
    ).toBeInTheDocument();
  });

  it('says the agent is already working when another tab’s wake is running', async () => {
    await getDatabase().wakes.put(wakeRow({ status: 'running' }));
    renderPanel();
    expect(await screen.findByText(/already working on this task in another tab/)).toBeVisible();
    expect(wakeButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('ignores a "running" wake that started more than ten minutes ago (a tab that died)', async () => {
    const startedAt = new Date(Date.now() - 11 * 60_000).toISOString();
    await getDatabase().wakes.put(wakeRow({ status: 'running', startedAt }));
    renderPanel();
    await screen.findByText(/^Wake started .* · interrupted \(its page closed\)$/);
    expect(screen.queryByText(/already working/)).toBeNull();
    expect(wakeButton()).not.toHaveAttribute('aria-disabled');
  });

  it('lets the person wake again at once when a "running" wake holds no lock (its final save failed)', async () => {
    const held: { name: string }[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: { query: async () => ({ held, pending: [] }), request: vi.fn() },
    });
    try {
      await getDatabase().wakes.put(wakeRow({ status: 'running' }));
      renderPanel();
      await screen.findByText(/^Wake started .* · interrupted \(its page closed\)$/);
      await waitFor(() => expect(wakeButton()).not.toHaveAttribute('aria-disabled'));
      expect(screen.queryByText(/already working/)).toBeNull();
      cleanup();

      held.push({ name: `countersign-wake:${taskId}` });
      renderPanel();
      expect(await screen.findByText(/already working on this task in another tab/)).toBeVisible();
      expect(wakeButton()).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByText(/^Wake started .* · still running$/)).toBeVisible();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('summarises the last wake in one line (when, status, turns, duration, error) and its tokens in the notes', async () => {
    const startedAt = '2025-05-14T10:32:00.000Z';
    await getDatabase().wakes.bulkPut([
      wakeRow({ startedAt: '2025-05-13T09:00:00.000Z', turns: 1 }),
      wakeRow({
        startedAt,
        endedAt: '2025-05-14T10:32:12.400Z',
        status: 'failed',
        turns: 3,
        usage: { inputTokens: 1_000, outputTokens: 234 },
        error: 'The provider stopped answering.',
      }),
    ]);
    renderPanel();
    const summary = await screen.findByText(/^Last wake/);
    expect(summary).toHaveTextContent(
      /failed · 3 turns · took 12 s · Error: The provider stopped answering\./,
    );
    await putReport('Fine.');
    expect(
      await screen.findByText('The last wake used 1,234 tokens (1,000 in, 234 out).'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The agent reads this task/)).toBeNull();
  });

  it('lists the agent’s observations newest first, with their priority in words', async () => {
    const base = { agentId: DEFAULT_AGENT_ID, taskId, rev: 1, vectorClock: {}, category: 'risk' };
    await getDatabase().observations.bulkPut([
      {
        ...base,
        id: 'o1',
        text: 'The room may be taken.',
        priority: 'high',
        createdAt: '2025-05-14T10:00:00.000Z',
        updatedAt: '2025-05-14T10:00:00.000Z',
      },
      {
        ...base,
        id: 'o2',
        text: 'Script is nearly done.',
        priority: 'low',
        createdAt: '2025-05-15T10:00:00.000Z',
        updatedAt: '2025-05-15T10:00:00.000Z',
      },
    ]);
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Observations, newest first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Low priorityriskScript is nearly done.',
      'High priorityriskThe room may be taken.',
    ]);
  });

  describe('the report', () => {
    it('shows the one-liner in bold, the summary, and the full report as markdown on demand', async () => {
      await putReport(
        '# Findings\n\nThe script is **done**.\n\n- Book the room\n- Test the projector',
      );
      renderPanel();
      // Closed until the person opens it, so nothing below moves by itself.
      const summaryLine = await screen.findByText('Report', { selector: 'summary' });
      const notes = summaryLine.closest('details')!;
      expect(notes).not.toHaveAttribute('open');
      await userEvent.click(summaryLine);
      const oneLiner = await screen.findByText('The demo is on track.');
      expect(oneLiner.tagName).toBe('STRONG');
      expect(screen.getByText('Script written; the room is not booked yet.')).toBeVisible();

      const summary = screen.getByText('Full report');
      const details = summary.closest('details')!;
      expect(details).not.toHaveAttribute('open');
      await userEvent.click(summary);
      expect(details).toHaveAttribute('open');
      expect(within(details).getByRole('heading', { level: 4, name: 'Findings' })).toBeVisible();
      expect(within(details).getByText('done').tagName).toBe('STRONG');
      expect(within(details).getAllByRole('listitem')).toHaveLength(2);
    });

    it('never turns model text into HTML, scripts, images or javascript: links', async () => {
      await putReport(
        [
          'Before <script>window.pwned = true</script> after.',
          '',
          '<img src="x" onerror="window.pwned = true">',
          '',
          '<a href="javascript:alert(1)">raw link</a>',
          '',
          '[markdown link](javascript:alert(1)) and [encoded](java&#x09;script:alert(1)) and <javascript:alert(1)>',
          '',
          '[relative](/settings) and [data](data:text/html;base64,PHNjcmlwdD4=)',
          '',
          '![tracker](https://evil.example/pixel.png?secret=1)',
          '',
          '[a real page](https://example.com/docs)',
        ].join('\n'),
      );
      const { container } = renderPanel();
      await userEvent.click(await screen.findByText('Full report'));
      const report = container.querySelector('.agent-report__markdown')!;

      expect(report.querySelector('script, img, iframe, [onerror]')).toBeNull();
      expect(report.textContent).toContain('<script>window.pwned = true</script>');
      expect(report.textContent).toContain('<img src="x" onerror="window.pwned = true">');
      const links = [...report.querySelectorAll('a')];
      expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/docs']);
      expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      expect(report.textContent).toContain('markdown link');
      expect(report.textContent).toContain('[image: tracker]');
      expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    });

    it('shows where each link goes before it is followed', async () => {
      await putReport(
        [
          '[the bank](https://login.evil.example/bank?x=1) and [docs](https://example.com/docs)',
          '',
          '[a look-alike](https://exаmple.com/) and [write to Sam](mailto:sam@example.com)',
        ].join('\n'),
      );
      renderPanel();
      await userEvent.click(await screen.findByText('Full report'));
      const bank = screen.getByRole('link', {
        name: 'the bank (opens login.evil.example in a new tab)',
      });
      expect(bank).toHaveTextContent('the bank (login.evil.example ↗)');
      expect(bank).toHaveAttribute('target', '_blank');
      expect(screen.getByRole('link', { name: /^docs \(opens example\.com/ })).toHaveTextContent(
        'docs (example.com ↗)',
      );
      // A Cyrillic "а" in the name: the host shows as the browser reads it.
      expect(screen.getByRole('link', { name: /^a look-alike/ })).toHaveTextContent(
        /\(xn--.*\.com ↗\)/,
      );
      expect(
        screen.getByRole('link', { name: 'write to Sam (writes an email to sam@example.com)' }),
      ).toHaveTextContent('write to Sam (email sam@example.com ↗)');
    });
  });
});
