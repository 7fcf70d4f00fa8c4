/**
 * The page's side of "Check this model": a worker of its own for each check, ended when
 * the check ends or is cancelled (ending it is the cancel: a throwaway database it leaves
 * is deleted by the next check). What comes back crosses a thread, so it is parsed.
 */
import * as Comlink from 'comlink';
import type { ProviderSettings } from '../domain/provider-settings';
import type { CheckModelWorkerApi, CheckResult } from './check-model-worker';
import { evalProgressSchema, evalRunSchema, type EvalProgress } from './eval-run';

export type { CheckResult } from './check-model-worker';

export async function checkModelInWorker(
  settings: ProviderSettings,
  onProgress: (progress: EvalProgress) => void,
  signal: AbortSignal,
): Promise<CheckResult | { ok: false; cancelled: true; message: string }> {
  const worker = new Worker(new URL('./check-model-worker.ts', import.meta.url), {
    type: 'module',
    name: 'countersign-model-check',
  });
  const cancelled = { ok: false as const, cancelled: true as const, message: 'Check cancelled.' };
  try {
    const ended = new Promise<CheckResult | typeof cancelled>((resolve) => {
      signal.addEventListener('abort', () => resolve(cancelled), { once: true });
      worker.addEventListener('error', (event) =>
        resolve({
          ok: false,
          message: `The check stopped unexpectedly${event.message ? `: ${event.message}` : ''}. Reload the page and try again.`,
        }),
      );
    });
    if (signal.aborted) return cancelled;
    const remote = Comlink.wrap<CheckModelWorkerApi>(worker);
    const checked = remote
      .check(
        settings,
        Comlink.proxy((progress: unknown) => {
          const parsed = evalProgressSchema.safeParse(progress);
          if (parsed.success && !signal.aborted) onProgress(parsed.data);
        }),
      )
      .then((result): CheckResult => {
        if (!result.ok) return { ok: false, message: String(result.message).slice(0, 2_000) };
        const run = evalRunSchema.safeParse(result.run);
        return run.success
          ? { ok: true, run: run.data }
          : { ok: false, message: 'The check sent back a result that could not be read.' };
      });
    return await Promise.race([checked, ended]);
  } finally {
    worker.terminate();
  }
}
