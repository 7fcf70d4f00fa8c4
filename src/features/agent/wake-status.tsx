/**
 * The live part of the panel: one polite status line and, under it, the last step, in a
 * block that keeps its height whatever it says (nothing below it moves as a wake goes on).
 * A failure is said once, as a notice with the way to the agent's settings; an agent that
 * is not set up yet is information, not an error.
 */
import { Link } from 'react-router';
import { Notice } from '../../ui/notice';
import { AGENT_SETTINGS_PATH } from '../../ui/app-paths';
import { describeWakeEnd, describeLastStep, describeWakeProgress } from './describe-wake-progress';
import type { TaskWake } from './wake-progress-store';

/**
 * Failures the agent's settings cannot help with (the task is gone, the policy said no, a
 * reload stopped the wake before it began).
 */
const NOT_A_SETTINGS_MATTER = new Set(['missing', 'policy', 'busy', 'not-started']);

export function WakeStatus({
  wake,
  elsewhere,
}: {
  wake: TaskWake | undefined;
  /** Another device's wake of this task, in words: it takes the line while it runs. */
  elsewhere?: string;
}) {
  const running = wake?.status === 'running' || elsewhere !== undefined;
  const line = elsewhere ?? (wake ? describeWakeProgress(wake) : '');
  const detail = elsewhere
    ? 'Its proposals appear here when it finishes.'
    : !wake
      ? ''
      : running && wake.reason === 'automatic' && !wake.lastTool
        ? 'Woken automatically after your edit.'
        : (describeLastStep(wake) ?? describeWakeEnd(wake) ?? '');
  const notSetUp = wake?.status === 'failed' && wake.failureKind === 'not-configured';
  return (
    <>
      <div className="agent-status-block">
        <p
          className={`agent-status agent-status--${elsewhere ? 'running' : (wake?.status ?? 'idle')}`}
          role="status"
          aria-live="polite"
        >
          {running && <span className="spinner" aria-hidden="true" />}
          {line}
        </p>
        <p className="muted agent-status__detail">{detail}</p>
      </div>
      {wake?.status === 'failed' && !elsewhere && (
        <Notice tone={notSetUp ? 'info' : 'error'}>
          <p className="agent-status__failure">{wake.message}</p>
          {!NOT_A_SETTINGS_MATTER.has(wake.failureKind ?? '') && (
            <Link to={AGENT_SETTINGS_PATH} className="agent-status__link">
              {notSetUp ? 'Set up the agent' : 'Open agent settings'}
            </Link>
          )}
        </Notice>
      )}
    </>
  );
}
