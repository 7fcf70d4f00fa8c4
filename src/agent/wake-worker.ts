/**
 * The agent's Web Worker: wakes run here, off the page's main thread. The page talks
 * to it through Comlink (see wake-in-worker.ts); requests are parsed with zod on arrival.
 */
import * as Comlink from 'comlink';
import { getDatabase } from '../db/connection';
import type { WakeOutcome } from './run-wake';
import { wakeWithDeviceSettings } from './wake-with-device-settings';
import { wakeRequestSchema, type WakeProgress } from './wake-progress';

const running = new Map<string, AbortController>();

const api = {
  async wake(request: unknown, onProgress: (progress: WakeProgress) => void): Promise<WakeOutcome> {
    const parsed = wakeRequestSchema.safeParse(request);
    if (!parsed.success)
      return {
        status: 'failed',
        kind: 'bad-request',
        message: 'The wake request was malformed.',
        proposed: 0,
        turns: 0,
      };
    const controller = new AbortController();
    running.set(parsed.data.taskId, controller);
    try {
      return await wakeWithDeviceSettings(getDatabase(), parsed.data, {
        signal: controller.signal,
        onProgress: (progress) => void Promise.resolve(onProgress(progress)).catch(() => {}),
      });
    } finally {
      if (running.get(parsed.data.taskId) === controller) running.delete(parsed.data.taskId);
    }
  },
  cancel(taskId: string): void {
    running.get(taskId)?.abort(new DOMException('Cancelled by the user.', 'AbortError'));
  },
};

export type WakeWorkerApi = typeof api;

Comlink.expose(api);
