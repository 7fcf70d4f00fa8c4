/**
 * The worker behind Settings → Agent → "Check this model": the quick situations run
 * through the real wake against the model the form describes, each over a throwaway
 * IndexedDB database of its own (countersign-check-…), deleted after it. The person's
 * journal is never opened here. One check at a time across tabs (a Web Lock): a check
 * starts by deleting what a closed tab's check left behind, which is safe only then.
 */
import * as Comlink from 'comlink';
import { deleteThrowawayDatabases, openThrowawayDatabase } from '../db/throwaway-databases';
import { providerSettingsSchema } from '../domain/provider-settings';
import type { EvalProgress, EvalRun } from './eval-run';
import { evaluateSettings } from './evaluate-settings';
import { EvalStoppedError } from './run-eval';
import { QUICK_SITUATIONS } from './situations';

const PREFIX = 'countersign-check-';

export type CheckResult = { ok: true; run: EvalRun } | { ok: false; message: string };

const api = {
  async check(
    settings: unknown,
    onProgress: (progress: EvalProgress) => void,
  ): Promise<CheckResult> {
    const parsed = providerSettingsSchema.safeParse(settings);
    if (!parsed.success) return { ok: false, message: 'The model settings were malformed.' };
    let result: CheckResult = {
      ok: false,
      message: 'A model check is already running in another tab. Wait for it, then try again.',
    };
    await navigator.locks.request(
      'countersign-model-check',
      { ifAvailable: true },
      async (lock) => {
        if (!lock) return;
        result = await checkOnce(parsed.data, onProgress);
      },
    );
    return result;
  },
};

async function checkOnce(
  settings: Parameters<typeof evaluateSettings>[0],
  onProgress: (progress: EvalProgress) => void,
): Promise<CheckResult> {
  try {
    await deleteThrowawayDatabases(PREFIX);
    const run = await evaluateSettings(settings, {
      situations: QUICK_SITUATIONS,
      openDatabase: () => openThrowawayDatabase(PREFIX),
      onProgress: (progress) => void Promise.resolve(onProgress(progress)).catch(() => {}),
    });
    return { ok: true, run };
  } catch (error) {
    if (error instanceof EvalStoppedError) return { ok: false, message: error.message };
    return {
      ok: false,
      message: `The check stopped: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export type CheckModelWorkerApi = typeof api;

Comlink.expose(api);
