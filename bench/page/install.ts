/**
 * What `npm run bench` drives inside the page: `window.__countersignBench`, installed by
 * the bench entry (main.ts) once the app has started. Everything here uses the app's real
 * modules: the Dexie connection the UI reads from, the zod schemas rows must satisfy,
 * dispatch() (the one write path) and the seeding helper of src/db. The Node side
 * (scripts/bench/) does the timing statistics and the reporting; these modules only
 * produce raw samples in milliseconds, measured with `performance.now()` in the page.
 */
import { measureWakeOverhead } from './agent';
import { measureHostileWakeAudit } from './hostile-wake-audit';
import { measureCatchUpFloors } from './catch-up';
import { measureContextCurve } from './context-curve';
import { startImportLog, takeImportLog } from './import';
import { setJournalSecret } from './journal-key';
import { measureAutoWakeWatch, seedLongJournals } from './long-journals';
import {
  latestWakeStatus,
  observeIdle,
  prepareDemoWake,
  resetDemoTask,
  wakeThroughWorker,
} from './long-tasks';
import {
  measurePendingQueries,
  reviewItemStatus,
  seedPendingProposals,
  startTransactionLog,
  takeTransactionLog,
} from './pending';
import { chooseProvider } from './provider';
import { measureConfirmAll } from './review';
import { seedJournal } from './seed';
import { measureChecklistBatch, measureFieldUpdates, measureTaskEdits } from './writes';

const hooks = {
  seedJournal,
  seedLongJournals,
  measureAutoWakeWatch,
  measureTaskEdits,
  measureChecklistBatch,
  measureFieldUpdates,
  measureWakeOverhead,
  measureContextCurve,
  measureHostileWakeAudit,
  prepareDemoWake,
  chooseProvider,
  resetDemoTask,
  wakeThroughWorker,
  observeIdle,
  measureConfirmAll,
  seedPendingProposals,
  measurePendingQueries,
  reviewItemStatus,
  startTransactionLog,
  takeTransactionLog,
  latestWakeStatus,
  startImportLog,
  takeImportLog,
  setJournalSecret,
  measureCatchUpFloors,
};

export type CountersignBench = typeof hooks;

declare global {
  interface Window {
    __countersignBench?: CountersignBench;
  }
}

export function installBenchHooks(): void {
  window.__countersignBench = hooks;
}
