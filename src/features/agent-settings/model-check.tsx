/**
 * "Check this model": the five quick situations of the eval (src/eval), run in a worker
 * of their own against the saved model (what the agent uses), over a made-up journal that is
 * deleted after, so a person can compare two local models in a minute. The eval's code
 * and the worker load on the first check, not with Settings. Results stay for the tab
 * (newest first), so two models can be read side by side.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { EvalProgress, EvalRun } from '../../eval/eval-run';
import type { ProviderSettings } from '../../domain/provider-settings';
import { Button } from '../../ui/button';
import { useReturnFocus } from '../../ui/use-return-focus';
import { ModelCheckTable } from './model-check-table';
import './model-check.css';

const RUNS_KEPT = 3;

interface CheckVariables {
  settings: ProviderSettings;
  signal: AbortSignal;
}

export function ModelCheck({ saved }: { saved: ProviderSettings | undefined }) {
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<EvalProgress>();
  const [runs, setRuns] = useState<EvalRun[]>([]);
  const [unsaved, setUnsaved] = useState(false);
  const check = useMutation({
    mutationFn: async ({ settings, signal }: CheckVariables) => {
      const { checkModelInWorker } = await import('../../eval/check-model-in-worker');
      return checkModelInWorker(settings, setProgress, signal);
    },
    onSuccess: (result) => {
      if (result.ok) setRuns((kept) => [result.run, ...kept].slice(0, RUNS_KEPT));
    },
    onSettled: () => setProgress(undefined),
  });
  const { returnTo, leavingProps } = useReturnFocus(check.isPending);

  useEffect(() => () => controller.current?.abort(), []);

  const start = () => {
    if (check.isPending) return;
    controller.current = new AbortController();
    if (saved) check.mutate({ settings: saved, signal: controller.current.signal });
    else setUnsaved(true);
  };

  const failure = check.isError
    ? `The check could not run: ${check.error.message}`
    : check.data && !check.data.ok && !('cancelled' in check.data)
      ? `The check could not run: ${check.data.message}`
      : undefined;

  return (
    <div className="stack model-check">
      <h3>Compare models</h3>
      <p className="muted">
        Check this model gives the saved model five made-up tasks (an estimate, a vague note, a
        plan, a rejected proposal, an entry that gives orders) and scores what the agent proposes.
        It works on a journal of its own, deleted after: yours is not read or changed. About a
        minute on a local model. To compare, save another model and check again;{' '}
        <code>npm run eval</code> runs the full suite.
      </p>
      <div className="row agent-settings__actions">
        <Button ref={returnTo} aria-disabled={check.isPending || undefined} onClick={start}>
          {check.isPending && <span className="spinner" aria-hidden="true" />}
          {check.isPending ? 'Checking…' : 'Check this model'}
        </Button>
        {check.isPending && (
          <Button variant="quiet" {...leavingProps} onClick={() => controller.current?.abort()}>
            Cancel check
          </Button>
        )}
      </div>
      <div className="model-check__status" aria-live="polite" aria-busy={check.isPending}>
        {check.isPending && (
          <>
            <p className="muted">
              {progress?.type === 'situation'
                ? `Situation ${progress.index + 1} of ${progress.total}: ${progress.name}…`
                : 'Starting the check…'}
            </p>
            <progress
              aria-label="Situations checked"
              max={progress?.total ?? 5}
              value={progress ? progress.index + (progress.type === 'scored' ? 1 : 0) : 0}
            />
          </>
        )}
        {check.data?.ok && (
          <p className="visually-hidden">
            Checked {check.data.run.model}: {check.data.run.totals.passed} of{' '}
            {check.data.run.totals.situations} situations passed.
          </p>
        )}
        {failure && <p className="notice notice--error">{failure}</p>}
        {unsaved && !saved && (
          <p className="notice notice--warning">
            No model is saved yet. Choose one under Language model and save it, then check it.
          </p>
        )}
        {check.data && 'cancelled' in check.data && <p className="notice">Check cancelled.</p>}
      </div>
      {runs.map((run) => (
        <ModelCheckTable key={run.startedAt} run={run} />
      ))}
    </div>
  );
}
