import { describe, expect, it } from 'vitest';
import { feedStuckMessage } from '../../sync/runtime/incoming-feed';
import { describeSync, type SyncView } from './describe-sync';

const counts = {
  waiting: 0,
  needDecision: 0,
  failed: 0,
  quarantined: 0,
  noticesToRead: 0,
  partsWaiting: 0,
  partsExpired: 0,
};
const view = (overrides: Partial<SyncView> & { phase?: string; message?: string }): SyncView => ({
  enabled: true,
  counts,
  status: {
    phase: (overrides.phase ?? 'connected') as 'connected',
    message: overrides.message ?? 'Connected. Changes are sent and received as they happen.',
    at: '2026-03-01T10:00:00.000Z',
  },
  ...overrides,
});

describe('the sync status in words', () => {
  it('counts parts of split changes that wait for the rest, and those set aside', () => {
    const words = describeSync(view({ counts: { ...counts, partsWaiting: 2, partsExpired: 1 } }));
    expect(words.short).toBe('Synced');
    expect(words.long).toBe(
      'Connected. Changes are sent and received as they happen. 2 parts of a split change from another device wait for the rest (kept 30 days). 1 part of split changes was set aside: the rest never arrived within 30 days.',
    );
  });

  it('says synced, waiting to send, offline, a problem, or off', () => {
    expect(describeSync(view({})).short).toBe('Synced');
    expect(describeSync(view({ counts: { ...counts, waiting: 3 } })).short).toBe(
      '3 waiting to send',
    );
    const offline = describeSync(
      view({
        phase: 'offline',
        message: 'This device is offline.',
        counts: { ...counts, waiting: 1 },
      }),
    );
    expect(offline).toMatchObject({ short: 'Offline · 1 waiting', tone: 'warning' });
    expect(offline.long).toBe('This device is offline. 1 change waiting to send.');
    expect(describeSync(view({ phase: 'error', message: 'Wrong password.' }))).toMatchObject({
      short: 'Sync problem',
      long: 'Wrong password.',
    });
    expect(
      describeSync(
        view({
          phase: 'error',
          message: 'The sync server cannot be reached. Trying again in 8 s.',
          counts: { ...counts, waiting: 2 },
        }),
      ),
    ).toMatchObject({
      short: 'Sync problem',
      long: 'The sync server cannot be reached. Trying again in 8 s. 2 changes waiting to send.',
    });
    expect(
      describeSync(
        view({ phase: 'connecting', message: 'Connecting…', counts: { ...counts, waiting: 1 } }),
      ).long,
    ).toBe('Connecting… 1 change waiting to send.');
    expect(describeSync(view({ enabled: false })).short).toBe('Sync off');
  });

  it('says how far catching up has come, in numbers a person reads', () => {
    const base = view({});
    const words = describeSync({
      ...base,
      status: { ...base.status!, catchingUp: { done: 4_200, total: 10_000 } },
    });
    expect(words).toEqual({
      short: 'Catching up: 4,200 of 10,000',
      long: 'Catching up on the changes made on your other devices: 4,200 of 10,000 applied here.',
      tone: 'busy',
    });
  });

  it('puts pushes waiting for the person first', () => {
    const words = describeSync(view({ phase: 'offline', counts: { ...counts, needDecision: 2 } }));
    expect(words.short).toBe('2 need your decision');
    expect(words.long).toMatch(/Open Settings → Sync to decide/);
  });

  it('never shows credentials typed into the server address', () => {
    const connecting = describeSync(
      view({ phase: 'connecting', message: 'Connecting to wss://ann:hunter2@sync.example.org…' }),
    );
    expect(connecting.long).toBe('Connecting to wss://sync.example.org…');
    const failed = describeSync(
      view({ phase: 'error', message: 'nats://ann:hunter2@10.0.0.5:4222 cannot be reached.' }),
    );
    expect(failed.long).toBe('nats://10.0.0.5:4222 cannot be reached.');
  });

  it('says a feed that keeps failing is a problem, and why, instead of "Connected"', () => {
    const stuck = describeSync(
      view({ phase: 'error', message: feedStuckMessage('The journal is full.', 3) }),
    );
    expect(stuck.short).toBe('Sync problem');
    expect(stuck.long).toBe(
      'Connected, but changes from your other devices cannot be applied here (3 tries in a row): The journal is full. Countersign keeps trying; your own changes are still sent.',
    );
  });

  it('says a device waiting for the journal key is not synced, and how to get the key', () => {
    const waiting = describeSync({
      ...view({}),
      status: {
        phase: 'connected',
        message: 'Waiting for this journal’s new key from another device.',
        errorKind: 'waiting-for-key',
        at: '2026-03-01T10:00:00.000Z',
      },
    });
    expect(waiting).toMatchObject({ short: 'Waiting for the key', tone: 'warning' });
    expect(waiting.long).toMatch(/Join with a code \(or the recovery phrase\)/);
  });

  it('says a removed device was removed, whatever still waits to send', () => {
    const words =
      'This device was removed from the journal on 27 Nov 2026, 10:00 by Laptop. It keeps everything it had.';
    const removed = view({ phase: 'error', message: words, counts: { ...counts, waiting: 2 } });
    removed.status!.errorKind = 'removed';
    expect(describeSync(removed)).toEqual({
      short: 'Removed from journal',
      long: words,
      tone: 'warning',
    });
  });

  it('shows a new device loading its journal from a snapshot in a few words and a sentence', () => {
    const words = describeSync({
      ...view({ phase: 'connecting', message: 'Loading the journal: 3 of 12 parts.' }),
      status: {
        phase: 'connecting',
        message: 'Loading the journal: 3 of 12 parts.',
        progress: 'Loading 3 of 12',
        at: '2026-03-01T10:00:00.000Z',
      },
    });
    expect(words).toMatchObject({
      short: 'Loading 3 of 12',
      long: 'Loading the journal: 3 of 12 parts.',
      tone: 'busy',
    });
  });
});
