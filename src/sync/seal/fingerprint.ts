/**
 * A journal key's fingerprint: five words a person compares on two devices to check they
 * hold the same journal. Derived with HKDF under its own info string, so it tells nothing
 * about the secret, and from the BIP39 English list (distinct, common words). 55 bits:
 * enough to catch a wrong journal or a swapped code, not a key by itself.
 */
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { HKDF_INFO, hkdfBytes } from './journal-key';

const FINGERPRINT_WORDS = 5;
const BITS_PER_WORD = 11;

export async function journalKeyFingerprint(secret: Uint8Array): Promise<string> {
  const bytes = await hkdfBytes(secret, HKDF_INFO.fingerprint, 8);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  const words: string[] = [];
  for (let index = 0; index < FINGERPRINT_WORDS; index += 1) {
    const shift = BigInt(64 - BITS_PER_WORD * (index + 1));
    words.push(wordlist[Number((bits >> shift) & 0x7ffn)]!);
  }
  return words.join(' ');
}
