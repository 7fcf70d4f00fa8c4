/**
 * Settings → Sync: "Write a snapshot now", with the state of this device's last snapshot
 * write in words (writing, written at a time, or failed and why). A snapshot lets a new
 * device start from the journal as it is instead of replaying its history; one is also
 * written by itself every thousand changes.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { readSnapshotWriteState, type SnapshotWriteState } from '../../db/sync-settings';
import { countOf } from '../../lib/count-of';
import { formatTimestamp } from '../../lib/format-timestamp';
import { Button } from '../../ui/button';
import { runningSync } from './sync-control';

function describeSnapshotWrite(state: SnapshotWriteState | undefined): string {
  if (!state) return 'No snapshot written on this device yet.';
  switch (state.state) {
    case 'writing':
      return 'Writing a snapshot of the journal…';
    case 'written':
      return `Snapshot written at ${formatTimestamp(state.at)}: ${countOf(state.rows, 'row')}, every change up to number ${state.sequence.toLocaleString('en-US')}.`;
    case 'failed':
      return `The last snapshot was not written (${formatTimestamp(state.at)}): ${state.reason}`;
  }
}

export function WriteSnapshotControl() {
  const state = useLiveQuery(() => readSnapshotWriteState(getDatabase()), []);
  const writing = state?.state === 'writing';
  const write = async () => {
    if (writing) return;
    await (await runningSync())?.writeSnapshot();
  };
  return (
    <div className="stack">
      <div className="row">
        <Button onClick={() => void write()} aria-disabled={writing || undefined}>
          Write a snapshot now
        </Button>
      </div>
      <p className="muted" role="status">
        {describeSnapshotWrite(state)}
      </p>
    </div>
  );
}
