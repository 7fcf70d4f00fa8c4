// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, NO_KEYS } from '../seal/key-ring';
import type { SyncConfig } from '../runtime/sync-config';
import { encodeJoinCode, joinLink, readJoinCode } from './join-code';
import { joinTokenHash } from './join-token';
import { makeJoinCode } from './make-join-code';
import { openJoinCode } from './open-join-code';

const NOW = Date.UTC(2026, 10, 27, 9, 0);
const CONFIG: SyncConfig = {
  url: 'wss://sync.example.org',
  user: 'ada',
  secret: { kind: 'token', token: 'device-token' },
  enabled: true,
};

describe('making and opening a join code', () => {
  it('hands every key generation and the sync settings to the new device', async () => {
    const generations = await Promise.all(
      [newJournalSecret(), newJournalSecret(), newJournalSecret()].map(deriveJournalKey),
    );
    const made = await makeJoinCode(CONFIG, keyRing(generations), NOW);
    if (!made.ok) throw new Error(made.words);
    expect(made.pending.tokenHash).toBe(await joinTokenHash(made.code.token));
    const read = readJoinCode(joinLink('https://app.example.org/', made.code), NOW + 1_000);
    if (!read.ok) throw new Error(read.words);
    const opened = await openJoinCode(read.code);
    if (!opened.ok) throw new Error(opened.words);
    expect(opened.config).toEqual(CONFIG);
    expect(opened.ring.generations.map((key) => key.keyId)).toEqual(
      generations.map((key) => key.keyId),
    );
  });

  it('with one generation carries no older keys', async () => {
    const made = await makeJoinCode(
      CONFIG,
      keyRing([await deriveJournalKey(newJournalSecret())]),
      NOW,
    );
    if (!made.ok) throw new Error(made.words);
    expect(made.code.older).toBeUndefined();
    const opened = await openJoinCode(made.code);
    expect(opened.ok && opened.ring.generations).toHaveLength(1);
  });

  it('refuses older keys lifted into another code, in words', async () => {
    const ring = keyRing(
      await Promise.all([newJournalSecret(), newJournalSecret()].map(deriveJournalKey)),
    );
    const first = await makeJoinCode(CONFIG, ring, NOW);
    const second = await makeJoinCode(CONFIG, ring, NOW);
    if (!first.ok || !second.ok) throw new Error('no code');
    const lifted = { ...second.code, older: first.code.older };
    const read = readJoinCode(encodeJoinCode(lifted), NOW);
    if (!read.ok) throw new Error(read.words);
    const opened = await openJoinCode(read.code);
    expect(opened).toMatchObject({ ok: false });
    if (!opened.ok) expect(opened.words).toMatch(/Add a device again/);
  });

  it('says a journal without a key must be encrypted first', async () => {
    expect(await makeJoinCode(CONFIG, NO_KEYS, NOW)).toMatchObject({
      ok: false,
      words: expect.stringMatching(/Encrypt this journal/),
    });
  });
});
