/**
 * The page's side of the agent worker: starts it on first use, passes progress back
 * (validated, since it crosses a thread boundary), and turns a worker that died into
 * a failed wake instead of a promise that never settles.
 */
import * as Comlink from 'comlink';
import type { WakeOutcome } from './run-wake';
import { wakeProgressSchema, type WakeProgress } from './wake-progress';
import type { WakeWorkerApi } from './wake-worker';

let remote: Comlink.Remote<WakeWorkerApi> | undefined;
const pending = new Set<(error: Error) => void>();

function agentWorker(): Comlink.Remote<WakeWorkerApi> {
  if (!remote) {
    const worker = new Worker(new URL('./wake-worker.ts', import.meta.url), {
      type: 'module',
      name: 'countersign-agent',
    });
    worker.addEventListener('error', (event) => {
      const error = new Error(
        `The agent stopped unexpectedly${event.message ? `: ${event.message}` : ''}. Reload the page and try again.`,
      );
      for (const reject of pending) reject(error);
      pending.clear();
      remote = undefined;
    });
    remote = Comlink.wrap<WakeWorkerApi>(worker);
  }
  return remote;
}

export async function wakeInWorker(
  taskId: string,
  onProgress: (progress: WakeProgress) => void,
  reason: 'manual' | 'automatic' = 'manual',
): Promise<WakeOutcome> {
  let rejectPending: (error: Error) => void = () => {};
  const died = new Promise<never>((_, reject) => {
    rejectPending = reject;
    pending.add(reject);
  });
  try {
    return await Promise.race([
      agentWorker().wake(
        { taskId, reason },
        Comlink.proxy((progress: unknown) => {
          const parsed = wakeProgressSchema.safeParse(progress);
          if (parsed.success) onProgress(parsed.data);
        }),
      ),
      died,
    ]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    onProgress({ type: 'failed', kind: 'worker', message });
    return { status: 'failed', kind: 'worker', message, proposed: 0, turns: 0 };
  } finally {
    pending.delete(rejectPending);
  }
}

export function cancelInWorker(taskId: string): void {
  void agentWorker().cancel(taskId);
}
