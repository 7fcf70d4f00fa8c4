/**
 * Settings → Sync → Devices: every device of the journal (name, kind, when it was added,
 * when it was last heard from, which one is this), renaming any of them, and removing one
 * behind a confirmation in words. Removal runs in the sync runtime (remove-device.ts): the
 * devices that stay move to a new journal key the removed one never receives.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { getDatabase } from '../../db/connection';
import { readDeviceId } from '../../db/settings';
import type { Device } from '../../domain/device';
import { formatTimestamp } from '../../lib/format-timestamp';
import type { Removal } from '../../sync/devices/remove-device';
import { readLastSeen } from '../../sync/devices/last-seen';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { DeviceRename } from './device-list-rename';
import { runningSync } from './sync-control';
import './device-list.css';

const KIND_WORDS = { tablet: 'Tablet', phone: 'Phone', computer: 'Computer' } as const;

async function removeThroughSync(id: string): Promise<Removal> {
  const sync = await runningSync();
  if (!sync) {
    return { ok: false, words: 'Sync is off on this device: turn it on to remove a device.' };
  }
  return sync.removeDevice(id);
}

async function readDeviceList() {
  const db = getDatabase();
  const [devices, lastSeen, here] = await Promise.all([
    db.devices.toArray(),
    readLastSeen(db),
    readDeviceId(db),
  ]);
  const live = devices.filter((device) => device.deletedAt === undefined);
  const byAdded = (a: Device, b: Device) => a.added.localeCompare(b.added);
  return {
    here,
    lastSeen,
    names: new Map(live.map((device) => [device.id, device.name])),
    active: live.filter((device) => device.removed === undefined).sort(byAdded),
    removed: live.filter((device) => device.removed !== undefined).sort(byAdded),
  };
}

type DeviceListData = Awaited<ReturnType<typeof readDeviceList>>;

export function DeviceList({
  remove = removeThroughSync,
}: {
  /** Settings passes nothing: the running sync removes the device. */
  remove?: (id: string) => Promise<Removal>;
}) {
  const headingId = useId();
  const list = useLiveQuery(readDeviceList, []);
  const [outcome, setOutcome] = useState<Removal | undefined>();
  if (!list) return null;
  return (
    <section className="stack device-list" aria-labelledby={headingId}>
      <h3 id={headingId}>Devices</h3>
      {list.active.length === 0 ? (
        <p className="muted">
          Each device appears here once it has synced. This one is added when sync connects.
        </p>
      ) : (
        <p className="muted">
          Every device that syncs this journal. Remove one you lost or gave away: the others move to
          a new key it never receives.
        </p>
      )}
      {outcome && <Notice tone={outcome.ok ? 'success' : 'error'}>{outcome.words}</Notice>}
      <ul className="sync-settings__list">
        {[...list.active, ...list.removed].map((device) => (
          <DeviceRow
            key={device.id}
            device={device}
            list={list}
            onRemove={async () => setOutcome(await remove(device.id))}
          />
        ))}
      </ul>
    </section>
  );
}

function DeviceRow({
  device,
  list,
  onRemove,
}: {
  device: Device;
  list: DeviceListData;
  onRemove: () => Promise<void>;
}) {
  const [step, setStep] = useState<'idle' | 'renaming' | 'confirming' | 'removing'>('idle');
  const nameId = useId();
  const isHere = device.id === list.here;
  const seen = list.lastSeen[device.id];
  const removedBy = device.removedBy ? (list.names.get(device.removedBy) ?? 'another device') : '';
  const finished = device.removalKeyId !== undefined;
  return (
    <li className="sync-settings__item device-list__item" aria-labelledby={nameId}>
      <div className="device-list__head">
        <div className="device-list__what">
          <strong id={nameId} className="device-list__name">
            {device.name}
          </strong>
          {isHere && <span className="device-list__tag">This device</span>}
          <span className="muted">
            {KIND_WORDS[device.kind]} · added {formatTimestamp(device.added)}
            {!isHere && device.removed === undefined && (
              <> · last seen {seen ? formatTimestamp(seen) : 'not yet'}</>
            )}
          </span>
          {device.removed !== undefined && (
            <span>
              Removed {formatTimestamp(device.removed)} by {removedBy}.
              {!finished && ' Its key change did not finish: remove it again to finish.'}
            </span>
          )}
        </div>
        <div className="row device-list__actions">
          {step !== 'renaming' && device.removed === undefined && (
            <Button
              size="small"
              aria-label={`Rename ${device.name}`}
              onClick={() => setStep('renaming')}
            >
              Rename
            </Button>
          )}
          {!isHere && !finished && step !== 'confirming' && step !== 'removing' && (
            <Button
              size="small"
              variant="danger"
              aria-label={`Remove ${device.name}…`}
              onClick={() => setStep('confirming')}
            >
              Remove…
            </Button>
          )}
        </div>
      </div>
      {step === 'renaming' && <DeviceRename device={device} onDone={() => setStep('idle')} />}
      {(step === 'confirming' || step === 'removing') && (
        <div
          className="stack device-list__confirm"
          role="group"
          aria-label={`Remove ${device.name}`}
        >
          <p>
            Remove <strong>{device.name}</strong> from this journal? Your other devices move to a
            new journal key that it never receives, so it can read nothing written from now on. It
            keeps what it already has. It can join again only with a new code. Ask whoever runs the
            sync server to revoke its credentials too.
          </p>
          <div className="row">
            <Button
              variant="danger"
              aria-disabled={step === 'removing' || undefined}
              onClick={() => {
                if (step === 'removing') return;
                setStep('removing');
                void onRemove().finally(() => setStep('idle'));
              }}
            >
              {step === 'removing' ? 'Removing…' : `Remove ${device.name}`}
            </Button>
            <Button variant="quiet" onClick={() => setStep('idle')}>
              Keep it
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
