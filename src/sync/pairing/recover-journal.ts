/**
 * Recovering a journal on a new device from its recovery phrase and the server details,
 * when no paired device is at hand: the phrase is a generation's secret, and the key
 * subject keeps every older generation sealed under it, so the whole ring up to that
 * generation opens. Then the device announces its envelope and keeps the ring; the
 * caller saves the sync settings. A phrase written down before a rotation opens only what
 * was sealed until then, and the device then waits for the newer key.
 */
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { journalKeyFingerprint } from '../seal/fingerprint';
import { deriveJournalKey } from '../seal/journal-key';
import { keepReceivedRing } from '../seal/journal-keys';
import { openOlderKeys } from '../seal/older-keys';
import { readRecoveryPhrase } from '../seal/recovery-phrase';
import type { NatsConnect } from '../transport/nats-transport';
import type { SyncConfig } from '../runtime/sync-config';
import { announceOwnKey } from './encrypt-journal';
import type { Joined } from './join-journal';
import { withPairingConnection } from './pairing-connection';

export async function recoverJournal(
  config: SyncConfig,
  phrase: string,
  deviceId: string,
  options: { keyStore?: DeviceKeyDatabase; connect?: NatsConnect } = {},
): Promise<Joined> {
  const read = readRecoveryPhrase(phrase);
  if (!read.ok) return { ok: false, words: read.reason };
  const secret = new Uint8Array(read.secret);
  const { keyId } = await deriveJournalKey(secret);
  return withPairingConnection(
    config,
    async (connection): Promise<Joined> => {
      const subject = connection.subjects.olderKeys(keyId);
      const older = await connection.readLast(subject);
      if (!older) {
        return {
          ok: false,
          words:
            'This phrase does not belong to the journal on this server. Check each word, and that the server address and user name are the ones your other devices used.',
        };
      }
      const opened = await openOlderKeys(subject, secret, older.data);
      if (!opened.ok) return { ok: false, words: opened.reason };
      await announceOwnKey(connection, opened.ring, deviceId, options.keyStore);
      await keepReceivedRing(opened.ring, options.keyStore);
      return { ok: true, config, fingerprint: await journalKeyFingerprint(secret) };
    },
    options.connect,
  );
}
