/**
 * Section 9b's switch: this device holds the journal key (the same secret on both devices,
 * as pairing would leave it) or none, in its own key store, where the sync runtime reads
 * the ring before each seal and open. Only the benchmark ever empties a ring: the app
 * never turns encryption off.
 */
import { getDeviceKeyDatabase } from '../../src/db/device-key-store';
import { changeJournalKeys } from '../../src/db/journal-key-store';
import { fromHex } from '../../src/sync/seal/bytes';

export async function setJournalSecret(secretHex: string | null): Promise<void> {
  const secret = secretHex === null ? undefined : fromHex(secretHex);
  if (secretHex !== null && secret?.length !== 32) throw new Error('A journal secret is 32 bytes.');
  await changeJournalKeys(getDeviceKeyDatabase(), () => ({
    secrets: secret ? [secret] : [],
    announced: [],
  }));
}
