import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSampleJournalOnce } from '../../app/first-run';
import { readPolicyVerdict } from '../../db/agent-config';
import { readProviderSettings, saveProviderSettings } from '../../db/agent-settings';
import { getDatabase } from '../../db/connection';
import { SAMPLE_IDS } from '../../domain/sample-journal';
import { AGENT_SETTINGS_PATH } from '../../ui/app-paths';
import { AgentSetupOffer } from './agent-setup-offer';
import { WelcomeCard } from './welcome-card';

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
  await seedSampleJournalOnce(getDatabase());
});
afterEach(() => cleanup());

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

/** How often the card has been drawn: twice once its live query has answered. */
let welcomeCommits = 0;

function renderWelcome() {
  welcomeCommits = 0;
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="*"
          element={
            <Profiler id="welcome" onRender={() => (welcomeCommits += 1)}>
              <WelcomeCard />
            </Profiler>
          }
        />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
}

/** The card has read whether to show itself: only then does its absence say anything. */
const welcomeAnswered = () => waitFor(() => expect(welcomeCommits).toBeGreaterThanOrEqual(2));

const heading = () => screen.queryByRole('heading', { name: 'Welcome to Countersign' });

describe('WelcomeCard', () => {
  it('sets up the demo agent, lets it act on the sample tasks and opens one with a wake asked for', async () => {
    renderWelcome();
    await userEvent.click(await screen.findByRole('button', { name: 'Try the demo agent' }));

    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(
        '/tasks/sample-task-login-bug?wake=now',
      ),
    );
    const db = getDatabase();
    expect(await readProviderSettings(db)).toMatchObject({ kind: 'demo' });
    expect(await readPolicyVerdict(db, 'sample-task-login-bug')).toMatchObject({ allowed: true });
    const categories = new Set<string>(Object.values(SAMPLE_IDS.categories));
    for (const task of await db.tasks.toArray()) {
      if (task.categoryId && categories.has(task.categoryId))
        expect(await readPolicyVerdict(db, task.id)).toMatchObject({ allowed: true });
    }
    // An agent is set up now, so the welcome has done its work.
    await waitFor(() => expect(heading()).toBeNull());
  });

  it('offers the person’s own model, and stays away once dismissed', async () => {
    const { unmount } = renderWelcome();
    expect(await screen.findByRole('link', { name: 'Use my own model' })).toHaveAttribute(
      'href',
      AGENT_SETTINGS_PATH,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the welcome' }));
    await waitFor(() => expect(heading()).toBeNull());
    unmount();

    renderWelcome();
    await welcomeAnswered();
    expect(heading()).toBeNull();
  });

  it('is not shown to someone who already set up an agent', async () => {
    await saveProviderSettings(getDatabase(), { kind: 'demo', model: 'scripted' });
    renderWelcome();
    await welcomeAnswered();
    expect(heading()).toBeNull();
  });
});

describe('AgentSetupOffer', () => {
  function renderOffer() {
    return render(
      <MemoryRouter>
        <AgentSetupOffer otherwise={<p>Open your tasks</p>} />
      </MemoryRouter>,
    );
  }

  it('offers the demo agent and one’s own model while no agent is set up', async () => {
    renderOffer();
    expect(await screen.findByRole('button', { name: 'Try the demo agent' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Use my own model' })).toBeVisible();
    expect(screen.queryByText('Open your tasks')).toBeNull();
  });

  it('gives way to the page’s own next step once an agent is set up', async () => {
    await saveProviderSettings(getDatabase(), { kind: 'demo', model: 'scripted' });
    renderOffer();
    expect(await screen.findByText('Open your tasks')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try the demo agent' })).toBeNull();
  });
});
