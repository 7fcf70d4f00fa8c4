/**
 * The first screen's welcome: what Countersign does, and one tap to see it work. "Try the
 * demo agent" sets up the scripted demo agent (no network, no account), lets it act on the
 * sample journal's categories, and opens a sample task with a wake running there. Shown
 * until the person dismisses it or sets up an agent of their own.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getDatabase } from '../../db/connection';
import { readSetting, writeSetting } from '../../db/settings';
import { allowAgentOnCategory } from '../../dispatcher/user-edit';
import { PROVIDER_SETTINGS_KEY } from '../../domain/provider-settings';
import { SAMPLE_IDS } from '../../domain/sample-journal';
import { AGENT_SETTINGS_PATH } from '../../ui/app-paths';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import './welcome.css';

const DISMISSED_KEY = 'welcomeDismissed';
const DEMO_TASK_ID = 'sample-task-login-bug';

async function readWelcome() {
  const db = getDatabase();
  // The raw setting: whether one is saved is all the first screen needs (no zod on it).
  const [dismissed, provider, demoTask] = await Promise.all([
    readSetting<boolean>(db, DISMISSED_KEY),
    readSetting(db, PROVIDER_SETTINGS_KEY),
    db.tasks.get(DEMO_TASK_ID),
  ]);
  return {
    show: dismissed !== true && provider === undefined,
    demoTaskLive: demoTask !== undefined && demoTask.deletedAt === undefined,
  };
}

export function WelcomeCard() {
  const headingId = useId();
  const navigate = useNavigate();
  const state = useLiveQuery(readWelcome, []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!state?.show) return null;

  async function tryDemo() {
    setBusy(true);
    setError(undefined);
    try {
      const db = getDatabase();
      // Loaded on the tap: the settings' schemas are not part of the first page.
      const { saveProviderSettings } = await import('../../db/agent-settings');
      await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
      for (const categoryId of Object.values(SAMPLE_IDS.categories)) {
        if (!(await db.categories.get(categoryId))) continue;
        const refused = await allowAgentOnCategory(categoryId);
        if (refused) throw new Error(refused);
      }
      // The agent panel starts the wake it finds asked for in the address.
      if (state?.demoTaskLive) void navigate(`/tasks/${DEMO_TASK_ID}?wake=now`);
      else void navigate('/');
    } catch (cause) {
      setError(
        `The demo could not be set up: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
      setBusy(false);
    }
  }

  return (
    <section className="card stack welcome" aria-labelledby={headingId}>
      <div className="welcome__header">
        <h2 id={headingId}>Welcome to Countersign</h2>
        <Button
          size="small"
          variant="quiet"
          aria-label="Dismiss the welcome"
          onClick={() => void writeSetting(getDatabase(), DISMISSED_KEY, true)}
        >
          <span aria-hidden="true">✕</span>
        </Button>
      </div>
      <p>
        Keep your tasks and a journal about them. An AI agent reads a task and its journal and
        proposes changes, such as a clearer title, an estimate or the next steps.{' '}
        <strong>Nothing changes until you confirm it</strong>: swipe a proposal right to confirm,
        left to reject.
      </p>
      <div className="welcome__actions">
        <Button
          variant="primary"
          aria-disabled={busy || undefined}
          onClick={() => !busy && void tryDemo()}
        >
          Try the demo agent
        </Button>
        <Link className="button" to={AGENT_SETTINGS_PATH}>
          Use my own model
        </Link>
      </div>
      <p className="muted welcome__note">
        The demo agent is scripted: it works offline, without an account, on the sample tasks below.
      </p>
      {error && <Notice tone="error">{error}</Notice>}
    </section>
  );
}
