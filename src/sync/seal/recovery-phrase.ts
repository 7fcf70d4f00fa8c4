/**
 * The journal secret as a recovery phrase: the standard BIP39 English word list
 * (@scure/bip39, audited), 24 words for 32 bytes, the last carrying a checksum. Reading
 * one back names each word that is not in the list, with the list's closest words, and
 * says so when the words are all real but do not fit together.
 */
import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { JOURNAL_SECRET_BYTES } from './journal-key';

const PHRASE_WORDS = 24;
const KNOWN = new Set(wordlist);

export function recoveryPhrase(secret: Uint8Array): string[] {
  if (secret.byteLength !== JOURNAL_SECRET_BYTES) {
    throw new RangeError(`A journal key is ${JOURNAL_SECRET_BYTES} bytes.`);
  }
  return entropyToMnemonic(secret, wordlist).split(' ');
}

export type ReadPhrase = { ok: true; secret: Uint8Array } | { ok: false; reason: string };

/** Words as a person types or pastes them: any case, commas, numbering ("1. abandon"). */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .split(/[\s,;]+/)
    .map((word) => word.replace(/^\d+[.):]?/, ''))
    .filter((word) => word.length > 0);
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Up to three words of the list a misspelling may have meant. */
function closestWords(word: string): string[] {
  const byPrefix =
    word.length >= 4 ? wordlist.filter((known) => known.startsWith(word.slice(0, 4))) : [];
  if (byPrefix.length > 0) return byPrefix.slice(0, 3);
  return wordlist
    .map((known) => ({ known, far: distance(word, known) }))
    .filter(({ far }) => far <= 2)
    .sort((a, b) => a.far - b.far)
    .slice(0, 3)
    .map(({ known }) => known);
}

function describeUnknown(word: string, position: number): string {
  const shown = word.length > 20 ? `${word.slice(0, 20)}…` : word;
  const close = closestWords(word);
  const hint =
    close.length > 0 ? ` (did you mean ${close.map((c) => `“${c}”`).join(' or ')}?)` : '';
  return `word ${position}, “${shown}”, is not in the list${hint}`;
}

export function readRecoveryPhrase(text: string): ReadPhrase {
  const words = wordsOf(text);
  const unknown = words
    .map((word, index) => ({ word, position: index + 1 }))
    .filter(({ word }) => !KNOWN.has(word));
  if (unknown.length > 0) {
    const named = unknown.slice(0, 3).map(({ word, position }) => describeUnknown(word, position));
    const more = unknown.length > 3 ? `, and ${unknown.length - 3} more` : '';
    return { ok: false, reason: `Check the recovery phrase: ${named.join('; ')}${more}.` };
  }
  if (words.length !== PHRASE_WORDS) {
    return {
      ok: false,
      reason: `A recovery phrase has ${PHRASE_WORDS} words; this one has ${words.length}. Enter every word, in order.`,
    };
  }
  try {
    return { ok: true, secret: mnemonicToEntropy(words.join(' '), wordlist) };
  } catch {
    return {
      ok: false,
      reason:
        'Every word is in the list, but together they are not a recovery phrase (its last word ' +
        'is a check on the others): one word is wrong or two are swapped. Compare each word, ' +
        'in order, with what you wrote down.',
    };
  }
}
