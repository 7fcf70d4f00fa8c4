/** The two ways to get an agent: the demo in one tap, or one's own model in Settings. */
import { Link } from 'react-router';
import { AGENT_SETTINGS_PATH } from '../../ui/app-paths';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { useTryDemo } from './use-try-demo';

export function AgentSetupActions() {
  const { tryDemo, busy, error } = useTryDemo();
  return (
    <>
      <div className="welcome__actions">
        <Button variant="primary" aria-disabled={busy || undefined} onClick={() => void tryDemo()}>
          Try the demo agent
        </Button>
        <Link className="button" to={AGENT_SETTINGS_PATH}>
          Use my own model
        </Link>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
    </>
  );
}
