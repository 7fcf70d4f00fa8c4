import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TASK_STATUSES, needsReason, type Task, type TaskStatus } from '../../domain/task';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { isTaskStatus } from './task-filters';
import { useToolCall } from './use-tool-call';
import { Options } from '../../ui/options';

const REASON_MAX_LENGTH = 500;

/**
 * The status select. BLOCKED and ON HOLD are not saved straight away: a small form asks
 * why first, because whoever reads the history later (the person or the agent) needs it.
 */
export function StatusField({ task }: { task: Task }) {
  const [awaitingReason, setAwaitingReason] = useState<TaskStatus>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const { run, error, pending } = useToolCall(task.id);
  const reasonRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (awaitingReason) reasonRef.current?.focus();
  }, [awaitingReason]);

  function choose(status: TaskStatus) {
    setReasonError(undefined);
    if (needsReason(status)) {
      setAwaitingReason(status);
      setReason('');
      return;
    }
    setAwaitingReason(undefined);
    void run('change_task_status', { status });
  }

  async function submitReason(event: FormEvent) {
    event.preventDefault();
    if (!awaitingReason || pending) return;
    const trimmed = reason.trim();
    if (trimmed === '') {
      setReasonError(`Say why the task is ${awaitingReason}; the reason is required.`);
      reasonRef.current?.focus();
      return;
    }
    if (trimmed.length > REASON_MAX_LENGTH) {
      setReasonError(`A reason is at most ${REASON_MAX_LENGTH} characters.`);
      return;
    }
    const result = await run('change_task_status', { status: awaitingReason, reason: trimmed });
    if (result.success) setAwaitingReason(undefined);
  }

  return (
    <div className="status-field stack">
      <Field
        label="Status"
        error={awaitingReason ? undefined : error}
        hint={task.statusReason && !awaitingReason ? `Reason: ${task.statusReason}` : undefined}
      >
        <select
          value={awaitingReason ?? task.status}
          onChange={(event) => {
            if (isTaskStatus(event.target.value)) choose(event.target.value);
          }}
        >
          <Options items={TASK_STATUSES} />
        </select>
      </Field>
      {awaitingReason && (
        <form
          className="status-field__reason card stack"
          onSubmit={submitReason}
          noValidate
          aria-label={`Reason for ${awaitingReason}`}
        >
          <Field label={`Why is it ${awaitingReason}?`} error={reasonError ?? error}>
            <input
              ref={reasonRef}
              value={reason}
              placeholder="e.g. Waiting for the design review"
              autoComplete="off"
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonError) setReasonError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setAwaitingReason(undefined);
              }}
            />
          </Field>
          <div className="row">
            <Button type="submit" variant="primary">
              Set {awaitingReason}
            </Button>
            <Button onClick={() => setAwaitingReason(undefined)}>Cancel</Button>
          </div>
        </form>
      )}
    </div>
  );
}
