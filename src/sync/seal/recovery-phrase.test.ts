// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveJournalKey, newJournalSecret } from './journal-key';
import { readRecoveryPhrase, recoveryPhrase } from './recovery-phrase';

describe('the recovery phrase', () => {
  it('round-trips the journal secret as 24 words, and so the same key', async () => {
    const secret = newJournalSecret();
    const words = recoveryPhrase(secret);
    expect(words).toHaveLength(24);
    const read = readRecoveryPhrase(words.join(' '));
    if (!read.ok) throw new Error(read.reason);
    expect(read.secret).toEqual(secret);
    expect((await deriveJournalKey(read.secret)).keyId).toBe(
      (await deriveJournalKey(secret)).keyId,
    );
  });

  it('reads it as people write it down: numbered, in capitals, on several lines', () => {
    const secret = newJournalSecret();
    const written = recoveryPhrase(secret)
      .map((word, index) => `${index + 1}. ${word.toUpperCase()}`)
      .join('\n');
    const read = readRecoveryPhrase(written);
    expect(read).toEqual({ ok: true, secret });
  });

  it('names a misspelled word, where it is, and what it may have meant', () => {
    const words = recoveryPhrase(new Uint8Array(32).fill(7));
    const original = words[6]!;
    words[6] = `${original.slice(0, -1)}q`;
    const read = readRecoveryPhrase(words.join(' '));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.reason).toContain(`word 7, “${words[6]}”, is not in the list`);
    expect(read.reason).toContain(`“${original}”`);
  });

  it('names a word that is not in the list at all', () => {
    const words = recoveryPhrase(newJournalSecret());
    words[0] = 'xylophonez';
    expect(readRecoveryPhrase(words.join(' '))).toEqual({
      ok: false,
      reason: 'Check the recovery phrase: word 1, “xylophonez”, is not in the list.',
    });
  });

  it('refuses a real word in the wrong place, and a missing word, in words', () => {
    const words = recoveryPhrase(new Uint8Array(32).fill(3));
    const swapped = [...words];
    swapped[3] = words[3] === 'zoo' ? 'abandon' : 'zoo';
    expect(readRecoveryPhrase(swapped.join(' '))).toEqual({
      ok: false,
      reason: expect.stringMatching(/one word is wrong or two are swapped/),
    });
    expect(readRecoveryPhrase(words.slice(1).join(' '))).toEqual({
      ok: false,
      reason: expect.stringMatching(/has 24 words; this one has 23/),
    });
  });
});
