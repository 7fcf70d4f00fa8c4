/**
 * Joining a journal with a code, on the new device. Before anything is kept here, the
 * device answers on the code's join subject (sealed under the journal key, published only
 * while the subject is empty): a second device with the same code finds it taken and is
 * refused in words, even while the showing device is offline. Then it announces its own
 * envelope of the key and keeps the ring; the caller saves the sync settings.
 */
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { deviceKeys, exportDevicePublicKeys } from '../seal/device-keys';
import { journalKeyFingerprint } from '../seal/fingerprint';
import { keepReceivedRing } from '../seal/journal-keys';
import { newestKey } from '../seal/key-ring';
import { seal } from '../seal/seal';
import type { NatsConnect } from '../transport/nats-transport';
import type { SyncConfig } from '../runtime/sync-config';
import type { DeviceKind } from '../../domain/device';
import { announceOwnKey } from './encrypt-journal';
import { readJoinAnswer } from './join-answer';
import type { JoinCode } from './join-code';
import { joinSubject, joinTokenHash } from './join-token';
import { openJoinCode } from './open-join-code';
import { withPairingConnection } from './pairing-connection';

export interface JoiningDevice {
  deviceId: string;
  name: string;
  kind: DeviceKind;
}

export type Joined =
  { ok: true; config: SyncConfig; fingerprint: string } | { ok: false; words: string };

const USED =
  'This code was already used by another device: a code works once. On your other device, tap Add a device again for a fresh code.';

export async function joinJournal(
  code: JoinCode,
  device: JoiningDevice,
  options: { keyStore?: DeviceKeyDatabase; connect?: NatsConnect; now?: Date } = {},
): Promise<Joined> {
  const opened = await openJoinCode(code);
  if (!opened.ok) return opened;
  const { ring, config } = opened;
  const keys = await exportDevicePublicKeys(await deviceKeys(options.keyStore));
  const answer = {
    v: 1,
    token: code.token,
    device: {
      v: 1,
      deviceId: device.deviceId,
      name: device.name,
      kind: device.kind,
      added: (options.now ?? new Date()).toISOString(),
      keys,
    },
  };
  const subject = joinSubject(code.user, await joinTokenHash(code.token));
  return withPairingConnection(
    config,
    async (connection): Promise<Joined> => {
      const sealed = await seal(subject, ring, new TextEncoder().encode(JSON.stringify(answer)));
      if ((await connection.publishNew(subject, sealed)) === 'taken') {
        // Taken by this same device (a reply lost on an earlier try) is still this join.
        const stored = await connection.readLast(subject);
        const earlier = stored ? await readJoinAnswer(subject, ring, stored.data) : undefined;
        if (!earlier?.ok || earlier.answer.device.deviceId !== device.deviceId) {
          return { ok: false, words: USED };
        }
      }
      await announceOwnKey(connection, ring, device.deviceId, options.keyStore);
      const kept = await keepReceivedRing(ring, options.keyStore);
      return {
        ok: true,
        config,
        fingerprint: await journalKeyFingerprint(newestKey(kept)!.secret),
      };
    },
    options.connect,
  );
}
