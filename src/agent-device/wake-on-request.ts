/**
 * The agent device answers "Wake on ‹agent device›" (src/sync/live/wake-requests.ts): it
 * checks the policy before anything is claimed, then queues the wake, which claims its
 * task like every wake. Its answer names it by its host, as the asking device shows it.
 */
import { hostname } from 'node:os';
import { readPolicyVerdict } from '../db/agent-config';
import type { CountersignDatabase } from '../db/database';
import { readKeyRing } from '../sync/seal/journal-keys';
import { NO_KEYS } from '../sync/seal/key-ring';
import { answerWakeRequests, openLiveConnection } from '../sync/live/wake-requests';
import { natsCredentials } from '../sync/runtime/sync-config';
import type { SyncRuntimeOptions } from '../sync/runtime/sync-runtime';
import type { DeviceJournal } from './device-journal';
import type { DeviceLog } from './device-log';
import type { WakeLoop } from './wake-loop';

export async function answerWakeOnRequest(options: {
  db: CountersignDatabase;
  journal: DeviceJournal;
  sync: SyncRuntimeOptions;
  loop: Pick<WakeLoop, 'wakeNow'>;
  log: DeviceLog;
}): Promise<{ stop(): Promise<void> }> {
  const { db, journal, log } = options;
  const agent = hostname().slice(0, 60) || 'agent device';
  const connection = await openLiveConnection({
    servers: journal.sync.url,
    credentials: natsCredentials(journal.sync),
    ...(options.sync.connect ? { connect: options.sync.connect } : {}),
    name: `countersign agent device on ${agent}`,
    waitForServer: true,
  });
  const { keyStore } = journal;
  const answering = answerWakeRequests({
    connection,
    user: journal.sync.user,
    ring: keyStore ? () => readKeyRing(keyStore) : () => Promise.resolve(NO_KEYS),
    agent,
    async handle({ taskId, from }) {
      const verdict = await readPolicyVerdict(db, taskId);
      if (!verdict.allowed) {
        log.info('wake-request-declined', { taskId, from, reason: verdict.reason });
        return { accepted: false, message: deniedInWords(verdict.reason) };
      }
      log.info('wake-requested', { taskId, from });
      options.loop.wakeNow([taskId], 'requested');
      return { accepted: true, message: `Asked the agent on ${agent}.` };
    },
    onRefused: (reason) => log.error('wake-request-refused', { message: reason }),
  });
  // Once the server has the subscription, a device with no model that asks is answered here.
  await connection.flush();
  log.info('answering', {
    message: `Answers "Wake agent" from this journal's devices that have no model, as the agent on ${agent}.`,
  });
  return {
    async stop() {
      answering.stop();
      await connection.close().catch(() => undefined);
    },
  };
}

function deniedInWords(reason: 'task-missing' | 'no-category' | 'not-allowed'): string {
  switch (reason) {
    case 'task-missing':
      return 'The agent device does not have this task yet. Wait until it has synced, then ask again.';
    case 'no-category':
      return 'The agent only works on tasks with a category it may act on. Give this task a category, then ask again.';
    case 'not-allowed':
      return "The agent may not act on this task's category. Allow the category in Settings → Agent, then ask again.";
  }
}
