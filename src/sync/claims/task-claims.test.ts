// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, NO_KEYS, type KeyRing } from '../seal/key-ring';
import { fakeClaimServer as fakeServer } from '../../../test/support/fake-claim-server';
import { taskClaims, type ClaimServer } from './task-claims';

const claimsOf = (
  server: ClaimServer,
  deviceId: string,
  ring: KeyRing = NO_KEYS,
  leaseMs = 90_000,
) =>
  taskClaims({ server, user: 'alice', deviceId: () => deviceId, ring: async () => ring, leaseMs });

describe('claiming a task’s wake', () => {
  it('gives one trigger to the first device, and the next trigger to whoever asks after it ended', async () => {
    const { server } = fakeServer();
    const [laptop, agent] = [claimsOf(server, 'laptop'), claimsOf(server, 'agent')];
    const first = await agent.claim('task-1', 5, 7);
    expect(first).toMatchObject({ won: true, held: { attempt: 1, covers: 7 } });
    // The same edit seen on the laptop: covered, and the agent is working on it.
    expect(await laptop.claim('task-1', 6, 6)).toEqual({
      won: false,
      state: 'working',
      holder: 'agent',
    });
    if (!first.won) throw new Error('the agent should hold it');
    await agent.release(first.held);
    expect(await laptop.claim('task-1', 7, 7)).toMatchObject({ won: false, state: 'done' });
    // A later edit: claimed at once, since the wake before it ended.
    expect(await laptop.claim('task-1', 8, 8)).toMatchObject({ won: true, held: { attempt: 3 } });
  });

  it('waits out a live lease by the server’s clock, takes an expired one, and the old holder then loses its renewal', async () => {
    const { server, pass } = fakeServer();
    const [laptop, agent] = [claimsOf(server, 'laptop'), claimsOf(server, 'agent')];
    const held = await agent.claim('task-1', 5, 5);
    if (!held.won) throw new Error('the agent should hold it');
    pass(89_000);
    expect(await laptop.claim('task-1', 9, 9)).toMatchObject({ won: false, state: 'working' });
    pass(1_000);
    expect(await laptop.claim('task-1', 9, 9)).toMatchObject({ won: true, held: { attempt: 2 } });
    expect(await agent.renew(held.held)).toBe(false);
  });

  it('lets a holder renew, and a device restarted after a crash take its own claim back', async () => {
    const { server, pass } = fakeServer();
    const agent = claimsOf(server, 'agent');
    const held = await agent.claim('task-1', 5, 5);
    if (!held.won) throw new Error('the agent should hold it');
    pass(60_000);
    expect(await agent.renew(held.held)).toBe(true);
    expect(held.held.attempt).toBe(2);
    pass(60_000);
    expect(await claimsOf(server, 'laptop').claim('task-1', 9, 9)).toMatchObject({ won: false });
    // Restarted (one wake of a task at a time): its own working claim does not block it.
    expect(await claimsOf(server, 'agent').claim('task-1', 9, 9)).toMatchObject({ won: true });
  });

  it('hides the task behind a keyed token and seals the claim in an encrypted journal', async () => {
    const { server, stored } = fakeServer();
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const agent = claimsOf(server, 'agent', ring);
    expect(await agent.claim('task-secret-id', 5, 5)).toMatchObject({ won: true });
    const text = stored.map(
      (message) => `${message.subject} ${new TextDecoder('latin1').decode(message.data)}`,
    );
    expect(text.join('\n')).not.toContain('task-secret-id');
    expect(stored[0]!.subject).toMatch(/^cs\.alice\.claim\.[0-9a-f]{64}\.1$/);
    // Another device with the key reads it back; one without reads a claim of unknown holder.
    expect(await claimsOf(server, 'laptop', ring).claim('task-secret-id', 5, 5)).toEqual({
      won: false,
      state: 'working',
      holder: 'agent',
    });
  });

  it('counts a claim that does not parse as a working one of unknown holder, covering nothing', async () => {
    const { server, pass } = fakeServer();
    await server.publishNew('cs.alice.claim.task-1.1', new TextEncoder().encode('{"v": 9}'));
    const laptop = claimsOf(server, 'laptop');
    expect(await laptop.claim('task-1', 1, 1)).toEqual({
      won: false,
      state: 'working',
      holder: undefined,
    });
    pass(90_000);
    expect(await laptop.claim('task-1', 1, 1)).toMatchObject({ won: true, held: { attempt: 2 } });
  });

  it('keeps a period as a lease until it is marked done, and marks each of its tasks done once', async () => {
    const { server, pass } = fakeServer();
    const [first, second] = [claimsOf(server, 'agent-a'), claimsOf(server, 'agent-b')];
    const period = await first.claim('schedule-2026-11-27', 1, 0);
    if (!period.won) throw new Error('agent-a should hold the period');
    // Working covers nothing: while the lease runs it is held, once it ran out it is taken over.
    expect(await second.claim('schedule-2026-11-27', 1, 0)).toMatchObject({
      won: false,
      state: 'working',
    });
    expect(await second.covered('schedule-2026-11-27-task-1', 1)).toBe(false);
    await first.markDone('schedule-2026-11-27-task-1', 1);
    expect(await second.covered('schedule-2026-11-27-task-1', 1)).toBe(true);
    pass(90_000);
    const resumed = await second.claim('schedule-2026-11-27', 1, 0);
    expect(resumed).toMatchObject({ won: true, held: { attempt: 2 } });
    await second.markDone('schedule-2026-11-27', 1);
    expect(await first.claim('schedule-2026-11-27', 1, 0)).toEqual({
      won: false,
      state: 'done',
      holder: 'agent-b',
    });
  });
});
