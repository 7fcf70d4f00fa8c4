/**
 * Opens the journal before anything renders. When IndexedDB is missing, full, blocked
 * by an older tab, or upgraded by a newer one, it says so in words and what to do.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { getDatabase } from '../db/connection';
import type { StorageProblem } from '../db/storage-problem';
import { FailureCard } from './failure-card';
import { seedSampleJournalOnce } from './first-run';

function unexplained(error: unknown): StorageProblem {
  return {
    kind: 'unknown',
    title: 'Countersign could not open your journal',
    detail: `The browser reported: ${error instanceof Error ? error.message : String(error)}.`,
    advice: 'Reload the page.',
  };
}

type GateState =
  { kind: 'opening' } | { kind: 'ready' } | { kind: 'problem'; problem: StorageProblem };

export function StorageGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GateState>({ kind: 'opening' });

  useEffect(() => {
    let cancelled = false;
    // The words for each problem load only when one happens (the app's files are cached
    // for offline use); if even they cannot load, the browser's own words are shown.
    const show = (error: unknown) =>
      void import('../db/storage-problem')
        .then(({ describeStorageProblem }) => describeStorageProblem(error))
        .catch(() => unexplained(error))
        .then((problem) => !cancelled && setState({ kind: 'problem', problem }));
    try {
      if (typeof indexedDB === 'undefined')
        throw Object.assign(new Error('indexedDB is not defined'), { name: 'MissingAPIError' });
      const db = getDatabase();
      db.on('blocked', () => show(Object.assign(new Error('blocked'), { name: 'BlockedError' })));
      db.on('versionchange', () => {
        // A newer version opened in another tab: close so it can upgrade, and say why.
        db.close();
        show(
          Object.assign(new Error('version changed in another tab'), {
            name: 'DatabaseClosedError',
          }),
        );
        return false;
      });
      db.open()
        .then(() => {
          // Secrets kept in clear text by an older version; until sealed they still work.
          // Loaded apart: the seal's schemas (zod) must stay off the first page.
          void Promise.all([
            import('../db/agent-settings').then((module) => module.sealStoredApiKey(db)),
            import('../db/sync-connection').then((module) => module.sealStoredSyncConfig(db)),
            import('../dispatcher/agent-choices').then((module) =>
              module.moveDeviceChoicesToJournal(db),
            ),
          ]).catch(() => undefined);
          return seedSampleJournalOnce(db);
        })
        .then(() => !cancelled && setState({ kind: 'ready' }))
        .catch(show);
    } catch (error) {
      show(error);
    }
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.kind === 'ready') return <>{children}</>;
  if (state.kind === 'opening') {
    return (
      <main className="gate" aria-busy="true">
        <p className="muted">Opening your journal…</p>
      </main>
    );
  }
  return (
    <main className="gate">
      <FailureCard title={state.problem.title} className="gate__card">
        <p>{state.problem.detail}</p>
        <p>
          <strong>What to do:</strong> {state.problem.advice}
        </p>
      </FailureCard>
    </main>
  );
}
