// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DeviceKeyDatabase } from '../../db/device-key-store';
import { openingConsume, type OpeningKeys } from '../runtime/opening-feed';
import { deviceKeys, generateDeviceKeys } from '../seal/device-keys';
import { NO_KEYS } from '../seal/key-ring';
import { readSigned, signMessage } from '../seal/signed-message';
import type { SignerLookup, SignerStanding } from '../seal/signers';
import { syncSubjects } from '../transport/sync-subjects';
import type { SyncMessage, SyncTransport } from '../transport/sync-transport';
import { senderOf } from './last-seen';
import { signedProgress } from './signer-notices';

const subjects = syncSubjects('alice');

describe('signed progress reports', () => {
  it('announces the device’s signing key once, before its first report, and signs each report', async () => {
    const keyStore = new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`);
    const sent: { subject: string; data: Uint8Array }[] = [];
    const publish = signedProgress(
      keyStore,
      subjects,
      {
        publishNew: (subject, data) => (sent.push({ subject, data }), Promise.resolve('stored')),
        publishProgress: async (deviceId, cursor, data) =>
          void sent.push({ subject: subjects.progress(deviceId, cursor), data }),
      },
      () => 'laptop',
    );
    await publish(10);
    await publish(20);
    expect(sent.map((each) => each.subject)).toEqual([
      'cs.alice.signers.laptop',
      'cs.alice.progress.laptop.10',
      'cs.alice.progress.laptop.20',
    ]);
    const key = (await deviceKeys(keyStore)).signing.publicKey;
    for (const { subject, data } of sent) {
      const read = readSigned(subject, data);
      expect(read.kind === 'signed' && read.deviceId).toBe('laptop');
      expect(read.kind === 'signed' && (await read.verify(key))).toBe(true);
    }
    const announced = readSigned(sent[0]!.subject, sent[0]!.data);
    const body = announced.kind === 'signed' ? new TextDecoder().decode(announced.body) : '';
    expect(JSON.parse(body)).toMatchObject({ v: 1, signing: { kty: 'EC', crv: 'P-256' } });
  });
});

describe('a progress report read by a device', () => {
  it('counts as its device’s only when signed by that device’s listed key, never removed', async () => {
    const [laptop, hostile, gone] = [
      await generateDeviceKeys(),
      await generateDeviceKeys(),
      await generateDeviceKeys(),
    ];
    const list = new Map<string, SignerStanding>([
      ['laptop', { kind: 'known', key: laptop.signing.publicKey }],
      ['hostile', { kind: 'known', key: hostile.signing.publicKey }],
      ['gone', { kind: 'removed', key: gone.signing.publicKey }],
    ]);
    const signers: SignerLookup = (id) => Promise.resolve(list.get(id) ?? { kind: 'unknown' });
    const report = async (
      seq: number,
      device: string,
      signAs?: { deviceId: string; privateKey: CryptoKey },
    ): Promise<SyncMessage> => {
      const subject = subjects.progress(device, seq);
      const data = signAs
        ? await signMessage(subject, signAs, new Uint8Array(0))
        : new Uint8Array();
      return { seq, subject, kind: 'other', data, time: `2026-11-27T10:00:0${seq}.000Z` };
    };
    const messages = [
      await report(1, 'laptop', { deviceId: 'laptop', privateKey: laptop.signing.privateKey }),
      await report(2, 'laptop'),
      await report(3, 'laptop', { deviceId: 'hostile', privateKey: hostile.signing.privateKey }),
      await report(4, 'laptop', { deviceId: 'laptop', privateKey: hostile.signing.privateKey }),
      await report(5, 'gone', { deviceId: 'gone', privateKey: gone.signing.privateKey }),
    ];
    const keys: OpeningKeys = {
      user: 'alice',
      subjects,
      signers,
      ring: () => Promise.resolve(NO_KEYS),
      fetchKey: () => Promise.resolve(false),
      announce: () => Promise.resolve(),
      waiting: () => undefined,
    };
    const received: SyncMessage[] = [];
    const consume: SyncTransport['consume'] = (_from, onMessage) => {
      void (async () => {
        for (const message of messages) await onMessage(message);
      })();
      return { lastAcknowledgedSeq: 0, restarts: 0, stop: () => Promise.resolve() };
    };
    openingConsume(consume, keys)(1, async (message) => void received.push(message));
    while (received.length < messages.length)
      await new Promise((resolve) => setTimeout(resolve, 1));
    expect(received.map((message) => senderOf('alice', message))).toEqual([
      'laptop',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(received.every((message) => message.unreadable === undefined)).toBe(true);
  });
});
