/**
 * The agent on the task page, between the task's details and its proposals: wake it,
 * follow what it does, read its last report and observations. In landscape, where it
 * stands beside the proposals, it folds to its heading once a wake is done (agent.css),
 * so the task and its proposals get the room; "Details" opens it again.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { getDatabase } from '../../db/connection';
import { readAgentPanel } from '../../db/queries/agent';
import { Button } from '../../ui/button';
import { DisclosureButton } from '../../ui/disclosure-button';
import { Notice } from '../../ui/notice';
import { NO_AGENT_DEVICE } from '../../sync/live/ask-words';
import { countOf } from '../../lib/count-of';
import { AgentReport } from './agent-report';
import { isWakeRowAlive } from '../../domain/wake-alive';
import { formatWakeSummary, formatWakeUsage } from './format-wake-summary';
import { ObservationList } from './observation-list';
import { PolicyNotice } from './policy-notice';
import { cancelFromPage, wakeFromPage } from './wake-from-page';
import { useAskAgentDevice } from './use-ask-agent-device';
import { useAutoWake } from './use-auto-wake';
import { useReturnFocus } from '../../ui/use-return-focus';
import { useTaskWake } from './wake-progress-store';
import { useWakeFromAddress } from './use-wake-from-address';
import { useWakeLockHeld } from './use-wake-lock-held';
import { WakeStatus } from './wake-status';
import { useRemoteWakeWords } from './remote-wakes-store';
import { useRemoteWakes } from './use-remote-wakes';
import './agent.css';

const WAKE_EXPLANATION =
  'The agent reads this task and its journal and proposes changes for you to confirm. Nothing changes until you confirm.';

export function AgentPanel({ taskId }: { taskId: string }) {
  const headingId = useId();
  const panelId = useId();
  const policyId = useId();
  const data = useLiveQuery(() => readAgentPanel(getDatabase(), taskId), [taskId]);
  const wake = useTaskWake(taskId);
  const runningHere = wake?.status === 'running';
  const { returnTo, leavingProps } = useReturnFocus(runningHere);
  useAutoWake(taskId);
  useRemoteWakes();
  const asking = useAskAgentDevice(taskId);
  useWakeFromAddress(taskId, data && data.taskExists ? data.policy.allowed : undefined);

  const runningRow = data?.runningWake;
  const now = useNow(runningRow !== undefined);
  const lockHeld = useWakeLockHeld(taskId, runningRow !== undefined && !runningHere);
  const runningElsewhere =
    !runningHere &&
    runningRow !== undefined &&
    runningRow.id !== wake?.wakeId &&
    isWakeRowAlive(runningRow, { now, lockHeld });

  // Another device's wake, as its live progress says (a wake here says its own).
  const remote = useRemoteWakeWords(taskId);
  const busy = runningHere || runningElsewhere || remote !== undefined || asking.state.asking;
  // The wake refuses such a task anyway; saying so here means nobody taps to find out.
  const denial =
    data && !data.policy.allowed && data.policy.reason !== 'task-missing' ? data.policy : undefined;
  const denied = denial !== undefined;
  const hasNotes = Boolean(data?.report) || (data?.observations.length ?? 0) > 0;
  const neverWoken = data !== undefined && !data.latestWake && !data.report && !wake;
  const { folded, toggle } = useFolding(
    data?.latestWake !== undefined &&
      !denied &&
      !runningElsewhere &&
      wake?.status !== 'failed' &&
      // A wake the person started shows its progress; one started by their edit does not
      // unfold the panel over the task they are editing.
      !(runningHere && wake.reason !== 'automatic'),
    wake?.status === 'done' ? wake.wakeId : undefined,
  );

  if (data && !data.taskExists) return null;

  return (
    <section
      id={panelId}
      className={`agent-panel card stack${wake ? ' agent-panel--woken-here' : ''}${folded ? ' agent-panel--folded' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="agent-panel__header">
        <h2 id={headingId}>Agent</h2>
        <div className="agent-panel__actions">
          {toggle && (
            <DisclosureButton
              className="agent-panel__toggle"
              open={!folded}
              controls={panelId}
              onToggle={toggle}
            >
              Details
            </DisclosureButton>
          )}
          {runningHere && (
            <Button
              {...leavingProps}
              aria-disabled={wake.cancelRequested || undefined}
              onClick={() => cancelFromPage(taskId)}
            >
              Cancel
            </Button>
          )}
          <Button
            ref={returnTo}
            variant="primary"
            aria-disabled={busy || denied || undefined}
            aria-describedby={denied ? policyId : undefined}
            onClick={() => {
              if (busy || denied) return;
              // No model here: the agent device on the same journal is asked instead.
              if (data?.asksAgentDevice) asking.ask();
              else void wakeFromPage(taskId, 'manual');
            }}
          >
            Wake agent
          </Button>
        </div>
      </div>

      {neverWoken && <p className="muted agent-panel__explanation">{WAKE_EXPLANATION}</p>}
      {denial && <PolicyNotice verdict={denial} id={policyId} />}
      <WakeStatus wake={wake} {...(remote && !runningHere ? { elsewhere: remote } : {})} />
      {(asking.state.asking || asking.state.outcome) && (
        // One notice from the tap to the answer, holding the room of the longest answer from
        // the tap on: what is below moves once, at the tap, and not when the answer arrives.
        <Notice tone={asking.state.outcome?.asked === false ? 'warning' : 'info'}>
          <span className="agent-panel__ask" data-room={NO_AGENT_DEVICE}>
            <span>
              {asking.state.asking
                ? 'Asking the agent device…'
                : `${asking.state.outcome!.message}${asking.state.outcome!.asked ? ' Its proposals appear here when it finishes.' : ''}`}
            </span>
          </span>
        </Notice>
      )}
      {runningElsewhere && (
        <Notice tone="info">
          The agent is already working on this task in another tab or window. Its proposals appear
          here when it finishes.
        </Notice>
      )}

      {!hasNotes && wake !== undefined && (
        // From the tap on, the line the report's summary takes when the wake ends: the
        // proposals under it show while the agent works, and must not move when it is done.
        <div className="agent-panel__notes-reserved" aria-hidden="true" />
      )}
      {hasNotes && (
        // Closed by default: opening it is the person's act, so nothing below moves by itself.
        <details className="agent-panel__notes">
          <summary className="disclosure">
            {[
              data?.report ? 'Report' : undefined,
              data && data.observations.length > 0
                ? countOf(data.observations.length, 'observation')
                : undefined,
            ]
              .filter(Boolean)
              .join(' · ')}
          </summary>
          {data?.report && <AgentReport report={data.report} />}
          {data && <ObservationList observations={data.observations} />}
          {data?.latestWake && formatWakeUsage(data.latestWake) && (
            <p className="muted agent-panel__usage">
              The last wake used {formatWakeUsage(data.latestWake)}.
            </p>
          )}
        </details>
      )}
      {!data?.latestWake && wake !== undefined && (
        // From the tap on, the room of the wake's own line: it may be read only after the
        // proposals under it show, and must not push them then.
        <p className="muted agent-panel__summary" aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
      {data?.latestWake && (
        <p className="muted agent-panel__summary">
          {formatWakeSummary(data.latestWake, {
            // A row still "running" that no tab runs: not this tab's (whose row may say
            // "running" a moment after its wake ended), and not alive elsewhere.
            interrupted:
              data.latestWake.status === 'running' &&
              data.latestWake.id !== wake?.wakeId &&
              !isWakeRowAlive(data.latestWake, { now, lockHeld }),
          })}
          {/* This tab already said it (once) in the failure notice above. */}
          {data.latestWake.error && wake?.status !== 'failed' && (
            <span className="agent-panel__summary-error"> · Error: {data.latestWake.error}</span>
          )}
        </p>
      )}
    </section>
  );
}

/**
 * Whether the panel is folded (only landscape shows it so, agent.css) and how the person
 * unfolds or folds it; `toggle` is absent while it cannot fold. It folds again whenever
 * a wake of this tab is done, `doneWake` naming it: that is when it gives up its room.
 */
function useFolding(
  foldable: boolean,
  doneWake: string | undefined,
): { folded: boolean; toggle?: () => void } {
  const [open, setOpen] = useState(false);
  const [seenDone, setSeenDone] = useState(doneWake);
  if (doneWake !== seenDone) {
    setSeenDone(doneWake);
    if (doneWake !== undefined) setOpen(false);
  }
  if (!foldable) return { folded: false };
  return { folded: !open, toggle: () => setOpen((was) => !was) };
}

/** The time, refreshed every half minute while `active`: a running wake from a tab that died stops counting after a while. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
