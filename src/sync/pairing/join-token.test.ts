// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { joinSubject, joinTokenHash, newJoinToken, pendingJoin, recogniseJoin } from './join-token';

const NOW = Date.UTC(2026, 10, 27, 9, 0);

describe('the one-time join token', () => {
  it('is fresh each time, and its subject names a hash, never the token', async () => {
    const tokens = new Set(Array.from({ length: 1_000 }, newJoinToken));
    expect(tokens.size).toBe(1_000);
    const token = newJoinToken();
    const subject = joinSubject('ada', await joinTokenHash(token));
    expect(subject).toMatch(/^cs\.ada\.join\.[0-9a-f]{32}$/);
    expect(subject).not.toContain(token);
  });

  it('is accepted once, from the device that used it first, and again from that device only', async () => {
    const token = newJoinToken();
    const pending = await pendingJoin(token, NOW + 60_000);
    const first = await recogniseJoin(pending, token, 'tablet', NOW);
    if (first.verdict !== 'accepted') throw new Error(first.words);
    expect(first.pending.joinedBy).toBe('tablet');
    expect((await recogniseJoin(first.pending, token, 'tablet', NOW + 120_000)).verdict).toBe(
      'accepted',
    );
    const second = await recogniseJoin(first.pending, token, 'phone', NOW + 1);
    expect(second).toMatchObject({ verdict: 'used' });
    if (second.verdict !== 'accepted') expect(second.words).toMatch(/already used/);
  });

  it('refuses an answer after the code expired, or with a token this device never showed', async () => {
    const token = newJoinToken();
    const pending = await pendingJoin(token, NOW);
    expect(await recogniseJoin(pending, token, 'tablet', NOW)).toMatchObject({
      verdict: 'expired',
    });
    const other = newJoinToken();
    expect(await recogniseJoin(pending, other, 'tablet', NOW - 1)).toMatchObject({
      verdict: 'unknown',
    });
    expect(await recogniseJoin(undefined, token, 'tablet', NOW - 1)).toMatchObject({
      verdict: 'unknown',
    });
    expect(await recogniseJoin(pending, 'not-hex', 'tablet', NOW - 1)).toMatchObject({
      verdict: 'unknown',
    });
  });
});
