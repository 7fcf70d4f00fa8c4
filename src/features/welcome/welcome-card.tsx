/**
 * The first screen's welcome: what Countersign does, and one tap to see it work. "Try the
 * demo agent" sets up the scripted demo agent (no network, no account), lets it act on the
 * sample journal's categories, and opens a sample task with a wake running there. Shown
 * until the person dismisses it or sets up an agent of their own. A person who already keeps
 * a journal on another device joins it from here with a code.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, type ReactNode } from 'react';
import { getDatabase } from '../../db/connection';
import { SETTING_KEYS } from '../../db/setting-keys';
import { readSetting, writeSetting } from '../../db/settings';
import { Button } from '../../ui/button';
import { AgentSetupActions } from './agent-setup-actions';
import { readAgentSetUp } from './use-try-demo';
import './welcome.css';

async function readWelcomeShown(): Promise<boolean> {
  const [dismissed, setUp] = await Promise.all([
    readSetting<boolean>(getDatabase(), SETTING_KEYS.welcomeDismissed),
    readAgentSetUp(),
  ]);
  return dismissed !== true && !setUp;
}

/** `join` is Join with a code (src/features/sync), composed by the app. */
export function WelcomeCard({ join }: { join?: ReactNode }) {
  const headingId = useId();
  const shown = useLiveQuery(readWelcomeShown, []);
  if (!shown) return null;

  return (
    <section className="card stack welcome" aria-labelledby={headingId}>
      <div className="welcome__header">
        <h2 id={headingId}>Welcome to Countersign</h2>
        <Button
          size="small"
          variant="quiet"
          aria-label="Dismiss the welcome"
          onClick={() => void writeSetting(getDatabase(), SETTING_KEYS.welcomeDismissed, true)}
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
      <AgentSetupActions />
      <p className="muted welcome__note">
        The demo agent is scripted: it works offline, without an account, on the sample tasks below.
      </p>
      {join}
    </section>
  );
}
