// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toHex } from '../seal/bytes';
import { newJournalSecret } from '../seal/journal-key';
import { toBase64Url } from './base64url';
import {
  encodeJoinCode,
  JOIN_CODE_LIFETIME_MS,
  joinLink,
  readJoinCode,
  type JoinCode,
} from './join-code';
import { newJoinToken } from './join-token';

const NOW = Date.UTC(2026, 10, 27, 9, 0);

function aCode(overrides: Partial<JoinCode> = {}): JoinCode {
  return {
    v: 1,
    url: 'wss://sync.example.org',
    user: 'ada',
    secret: { kind: 'password', password: 'correct horse' },
    key: toHex(newJournalSecret()),
    token: newJoinToken(),
    expires: NOW + JOIN_CODE_LIFETIME_MS,
    ...overrides,
  };
}

const encodeJson = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

describe('the join code', () => {
  it('round-trips as a bare code, as a link, and as a link pasted with spaces around it', () => {
    const code = aCode();
    const link = joinLink('https://app.example.org/settings#sync', code);
    expect(link).toMatch(/^https:\/\/app\.example\.org\/settings#join=[A-Za-z0-9_-]+$/);
    for (const text of [
      encodeJoinCode(code),
      link,
      `  ${link}\n`,
      `#join=${encodeJoinCode(code)}`,
    ]) {
      expect(readJoinCode(text, NOW)).toEqual({ ok: true, code });
    }
  });

  it('fits a QR code comfortably: a few hundred characters with a long password', () => {
    const link = joinLink(
      'https://countersign.example.org/',
      aCode({ secret: { kind: 'password', password: 'x'.repeat(64) } }),
    );
    expect(link.length).toBeLessThan(700);
  });

  it('refuses, in words, what is not a Countersign code', () => {
    const notOurs = [
      '',
      'https://example.org/',
      'WIFI:S:home;T:WPA;P:secret;;',
      '#join=%%%',
      `#join=${encodeJson({ hello: 'world' })}`,
      `#join=${encodeJson({ ...aCode(), url: 'https://evil.example.org' })}`,
      `#join=${encodeJson({ ...aCode(), key: 'ab' })}`,
      `#join=${encodeJson({ ...aCode(), extra: 'field' })}`,
      `#join=${'A'.repeat(9_000)}`,
      `#join=${toBase64Url(Uint8Array.of(0xff, 0xfe, 0x00))}`,
    ];
    for (const text of notOurs) {
      const read = readJoinCode(text, NOW);
      expect(read).toMatchObject({ ok: false, problem: 'notOurs' });
      if (!read.ok) expect(read.words).toMatch(/Add a device/);
    }
  });

  it('says when the code comes from a newer app, and when it has expired', () => {
    expect(readJoinCode(encodeJson({ ...aCode(), v: 2 }), NOW)).toMatchObject({
      ok: false,
      problem: 'newerVersion',
    });
    const expired = readJoinCode(encodeJoinCode(aCode({ expires: NOW })), NOW);
    expect(expired).toMatchObject({ ok: false, problem: 'expired' });
    if (!expired.ok) expect(expired.words).toMatch(/expired.*Add a device again/);
  });
});
