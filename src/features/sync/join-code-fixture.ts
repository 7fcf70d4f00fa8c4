/** For the pairing screens' tests: a real key ring and sync settings, and a code made from them. */
import { deriveJournalKey, newJournalSecret } from '../../sync/seal/journal-key';
import { keyRing, type KeyRing } from '../../sync/seal/key-ring';
import { makeJoinCode } from '../../sync/pairing/make-join-code';
import type { SyncConfig } from '../../sync/runtime/sync-config';

export const SYNC_CONFIG: SyncConfig = {
  url: 'wss://sync.example.org',
  user: 'ada',
  secret: { kind: 'password', password: 'hunter2' },
  enabled: true,
};

export async function aKeyRing(): Promise<KeyRing> {
  return keyRing([await deriveJournalKey(newJournalSecret())]);
}

export async function aJoinCode(now = Date.now()) {
  const made = await makeJoinCode(SYNC_CONFIG, await aKeyRing(), now);
  if (!made.ok) throw new Error(made.words);
  return made.code;
}
