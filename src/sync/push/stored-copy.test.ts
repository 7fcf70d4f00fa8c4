// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateDeviceKeys } from '../seal/device-keys';
import { NO_KEYS } from '../seal/key-ring';
import { signMessage } from '../seal/signed-message';
import { ownSignerOnly } from '../seal/signers';
import { syncSubjects } from '../transport/sync-subjects';
import { storedCopyCheck } from './stored-copy';
import { createTransportPushTarget } from './transport-push-target';

const subjects = syncSubjects('alice');
const subject = subjects.operation('op-1');
const json = (value: object) => new TextEncoder().encode(JSON.stringify(value));
const ours = { v: 1, operationId: 'op-1', deviceId: 'device-a', title: 'Call the plumber' };

async function setUp() {
  const [mine, hostile] = await Promise.all([generateDeviceKeys(), generateDeviceKeys()]);
  const signer = { deviceId: 'device-a', privateKey: mine.signing.privateKey };
  const sealing = {
    ring: () => Promise.resolve(NO_KEYS),
    subjects,
    signer: () => Promise.resolve(signer),
    signers: ownSignerOnly('device-a', mine.signing.publicKey),
  };
  const outgoing = { messageId: 'op-1', data: await signMessage(subject, signer, json(ours)) };
  let onServer: Uint8Array | undefined;
  const transport = {
    publishOperation: () => Promise.resolve({ status: 'already-landed' as const }),
    didLand: () => Promise.resolve(onServer ? ('landed' as const) : ('not-landed' as const)),
    readLast: () => Promise.resolve(onServer && { data: onServer, seq: 7 }),
  };
  const target = createTransportPushTarget(
    transport,
    () => Promise.resolve([outgoing]),
    storedCopyCheck(
      () => transport,
      sealing,
      () => 'device-a',
    ),
  );
  return {
    target,
    outgoing,
    hostileSigned: (value: object) =>
      signMessage(
        subject,
        { deviceId: 'device-a', privateKey: hostile.signing.privateKey },
        json(value),
      ),
    store: (bytes: Uint8Array) => (onServer = bytes),
  };
}

describe('"already on the server" is judged by content', () => {
  it('counts the same message, or the same content sent before signatures, as landed', async () => {
    const { target, outgoing, store } = await setUp();
    for (const copy of [outgoing.data, json(ours)]) {
      store(copy);
      expect(await target.push('op-1')).toEqual({ status: 'applied' });
      expect(await target.reconcile!('op-1')).toEqual({ status: 'applied' });
    }
  });

  it('refuses in words when another content, or another key, holds the operation’s id', async () => {
    const { target, store, hostileSigned } = await setUp();
    for (const copy of [json({ ...ours, title: 'Pay the squatter' }), await hostileSigned(ours)]) {
      store(copy);
      expect(await target.push('op-1')).toEqual({
        status: 'rejected',
        retryable: false,
        error: expect.stringMatching(/different content already holds this change's place/),
      });
      expect(await target.reconcile!('op-1')).toEqual({ status: 'failed' });
    }
  });
});
