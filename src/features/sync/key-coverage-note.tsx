/**
 * "Once every device has the key": which devices that sync this journal hold its newest
 * key, read from the server when Settings → Sync opens and on request.
 */
import { useQuery } from '@tanstack/react-query';
import type { KeyCoverage } from '../../sync/pairing/key-coverage';
import { devicesWithoutKey } from '../../sync/pairing/key-coverage';
import type { SyncConfig } from '../../sync/runtime/sync-config';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { countOf } from '../../lib/count-of';
import { keyCoverageHere } from './private-sync-actions';

function coverageWords(coverage: KeyCoverage): { tone: 'success' | 'info'; words: string } {
  const missing = devicesWithoutKey(coverage).length;
  const total = new Set([...coverage.devices, ...coverage.withKey]).size;
  if (missing === 0) {
    return {
      tone: 'success',
      words: `Every device that syncs this journal has its key (${countOf(total, 'device')}), so everything they send is sealed. Changes sent before encrypting stay readable to the server until a snapshot replaces them.`,
    };
  }
  return {
    tone: 'info',
    words: `${countOf(missing, 'device')} that ${missing === 1 ? 'syncs' : 'sync'} this journal ${missing === 1 ? 'does' : 'do'} not have its key yet, and ${missing === 1 ? 'says' : 'say'} “Waiting for this journal’s key”. On each, choose Join with a code, and scan the code from Add a device here. Until then ${missing === 1 ? 'it sends' : 'they send'} changes the server can read.`,
  };
}

export function KeyCoverageNote({ config, keyId }: { config: SyncConfig; keyId: string }) {
  // A remote read (TanStack Query's job): asked when the section opens and on request.
  const {
    data: read,
    isFetching,
    refetch,
  } = useQuery({
    queryKey: ['sync', 'key-coverage', config.url, config.user, keyId],
    queryFn: () => keyCoverageHere(config, keyId),
    retry: false,
  });

  const said = read?.ok ? coverageWords(read.coverage) : undefined;
  return (
    <div className="stack">
      {said && <Notice tone={said.tone}>{said.words}</Notice>}
      {read && !read.ok && (
        <Notice tone="warning">
          Could not check which devices have the key: {read.words} Try again when this device is
          connected.
        </Notice>
      )}
      {!read && <p className="muted">Checking which devices have the key…</p>}
      <div className="row">
        <Button size="small" onClick={() => void refetch()} aria-disabled={isFetching || undefined}>
          Check which devices have the key
        </Button>
      </div>
    </div>
  );
}
