import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { formatMegabytes } from './format-megabytes';
import {
  requestPersistence,
  storageQueries,
  type OfflineReadiness,
  type Persistence,
} from './storage-queries';

const OFFLINE_WORDS: Record<OfflineReadiness, string> = {
  ready: 'Works offline: the app is saved on this device and opens without a network.',
  'not-yet': 'Not ready to work offline yet: the app is still being saved on this device.',
  unsupported: 'This browser cannot keep the app for offline use: it needs a network to open.',
};

const EXPORT_ADVICE = 'Export your journal regularly so a copy exists outside this browser.';

function PersistenceStatus({ persistence }: { persistence: Persistence | undefined }) {
  switch (persistence) {
    case undefined:
      return <p className="muted">Checking whether this browser keeps your data…</p>;
    case 'persisted':
      return (
        <Notice tone="success">
          Your journal is kept on this device: the browser will not clear it to free space.
        </Notice>
      );
    case 'notPersisted':
      return (
        <Notice tone="warning">
          Your journal is not protected yet: the browser may clear it when the device runs low on
          space. {EXPORT_ADVICE}
        </Notice>
      );
    case 'unsupported':
      return (
        <Notice tone="warning">
          This browser does not say whether it keeps your data. {EXPORT_ADVICE}
        </Notice>
      );
  }
}

/** Whether the browser keeps the journal under storage pressure, and how much space it uses. */
export function StorageSection() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const persisted = useQuery(storageQueries.persisted());
  const estimate = useQuery(storageQueries.estimate());
  const offline = useQuery(storageQueries.offline());
  const persist = useMutation({
    mutationFn: requestPersistence,
    onSuccess: (answer) => {
      queryClient.setQueryData(storageQueries.persisted().queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: storageQueries.estimate().queryKey });
    },
  });

  const persistence: Persistence | undefined = persisted.isError ? 'unsupported' : persisted.data;
  const usage = estimate.data;

  return (
    <section id="storage" className="card stack settings__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Storage</h2>
      {/* The request's answer replaces the status, so it is announced in words. */}
      {persist.isSuccess ? (
        persist.data === 'persisted' ? (
          <Notice tone="success">
            The browser agreed: it will keep your journal on this device and not clear it to free
            space.
          </Notice>
        ) : (
          <Notice tone="warning">
            The browser did not agree. It may still clear your journal when the device runs low on
            space. {EXPORT_ADVICE} Installing Countersign as an app makes a yes more likely.
          </Notice>
        )
      ) : persist.isError ? (
        <Notice tone="error">
          The browser could not be asked: {persist.error.message}. {EXPORT_ADVICE}
        </Notice>
      ) : (
        <PersistenceStatus persistence={persistence} />
      )}
      {persistence === 'notPersisted' && !persist.isSuccess && (
        <div className="row settings__actions">
          <Button
            variant="primary"
            aria-disabled={persist.isPending || undefined}
            onClick={() => !persist.isPending && persist.mutate()}
          >
            Keep my data on this device
          </Button>
        </div>
      )}
      <p className="muted">
        {usage === undefined
          ? estimate.isError
            ? 'This browser does not say how much space the journal uses.'
            : 'Measuring space…'
          : usage.supported
            ? `Using ${formatMegabytes(usage.usageBytes)} of about ${formatMegabytes(usage.quotaBytes)} available to this site.`
            : 'This browser does not say how much space the journal uses.'}
      </p>
      <p className="muted">
        {offline.data ? OFFLINE_WORDS[offline.data] : 'Checking whether the app works offline…'}
      </p>
    </section>
  );
}
