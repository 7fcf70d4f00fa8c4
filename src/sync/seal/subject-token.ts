/**
 * Subject tokens in an encrypted journal. An operation id is a SHA-256 over inputs that
 * include journal text (a call's arguments), so the server could test a guess of the text
 * against a plain id in a subject. Sealed messages are published under HMAC-SHA-256 of the
 * id instead, keyed by a key derived from the journal secret (HKDF info
 * `countersign/v1/subject-key`): without the secret a guess cannot be checked. The id
 * itself still travels inside the sealed body, where the incoming side reads it.
 */
import { toHex } from './bytes';
import { deriveSubjectKey, type JournalKey } from './journal-key';

const subjectKeys = new WeakMap<JournalKey, Promise<CryptoKey>>();

export async function subjectToken(key: JournalKey, messageId: string): Promise<string> {
  let hmacKey = subjectKeys.get(key);
  if (!hmacKey) {
    hmacKey = deriveSubjectKey(key.secret);
    subjectKeys.set(key, hmacKey);
  }
  const mac = await crypto.subtle.sign('HMAC', await hmacKey, new TextEncoder().encode(messageId));
  return toHex(new Uint8Array(mac));
}
