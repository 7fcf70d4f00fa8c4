/**
 * Add a device, wired: the code is made from this device's sync settings and key ring, and
 * the join subject is watched while it shows, so the panel says when the new device joined.
 * Loaded only when opened (the panel brings the QR library).
 */
import { useEffect, useRef, useState } from 'react';
import { makeJoinCode } from '../../sync/pairing/make-join-code';
import type { SyncConfig } from '../../sync/runtime/sync-config';
import type { KeyRing } from '../../sync/seal/key-ring';
import { AddDevicePanel, type JoinedDevice } from './add-device-panel';
import { watchJoin } from './watch-join';

export function AddDevice({
  config,
  ring,
  fingerprint,
  onClose,
}: {
  config: SyncConfig;
  ring: KeyRing;
  fingerprint: string;
  onClose: () => void;
}) {
  const [joined, setJoined] = useState<JoinedDevice>();
  const stopWatching = useRef<() => void>(undefined);
  useEffect(() => () => stopWatching.current?.(), []);

  const prepare = async () => {
    stopWatching.current?.();
    const made = await makeJoinCode(config, ring, Date.now());
    if (made.ok) {
      stopWatching.current = watchJoin(config, ring, made.pending, (device) =>
        setJoined({ name: device.name, fingerprint }),
      );
    }
    return made;
  };

  return <AddDevicePanel prepare={prepare} {...(joined ? { joined } : {})} onClose={onClose} />;
}
