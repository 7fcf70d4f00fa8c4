/**
 * The live part of the panel: one polite status line (always in the page, so screen
 * readers hear it change), the last step in a quieter line, and a failure as an error
 * notice, with the way to Settings when the agent has no model yet.
 */
import { Link } from 'react-router';
import { Notice } from '../../ui/notice';
import { AGENT_SETTINGS_PATH } from '../../ui/app-paths';
import { describeLastStep, describeWakeProgress } from './describe-wake-progress';
import type { TaskWake } from './wake-progress-store';

export function WakeStatus({ wake }: { wake: TaskWake | undefined }) {
  const running = wake?.status === 'running';
  const line = wake ? describeWakeProgress(wake) : '';
  const lastStep = wake ? describeLastStep(wake) : undefined;
  return (
    <>
      <p
        className={`agent-status agent-status--${wake?.status ?? 'idle'}`}
        role="status"
        aria-live="polite"
      >
        {running && <span className="spinner" aria-hidden="true" />}
        {line}
      </p>
      {running && wake.reason === 'automatic' && (
        <p className="muted agent-status__detail">Woken automatically after your edit.</p>
      )}
      {lastStep && <p className="muted agent-status__detail">{lastStep}</p>}
      {wake?.status === 'failed' && (
        <Notice tone="error">
          <p className="agent-status__failure">{wake.message}</p>
          {wake.failureKind === 'not-configured' && (
            <Link to={AGENT_SETTINGS_PATH} className="agent-status__link">
              Open agent settings
            </Link>
          )}
        </Notice>
      )}
    </>
  );
}
