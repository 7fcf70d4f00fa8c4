// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../db/database';
import type { OutboxRow } from '../../domain/outbox-row';
import { createTestDatabase } from '../../../test/support/test-database';
import type { PushRow } from './push-row';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, NO_KEYS, type KeyRing } from '../seal/key-ring';
import { generateDeviceKeys } from '../seal/device-keys';
import { open } from '../seal/seal';
import { checkSignature, ownSignerOnly } from '../seal/signers';
import { createDexiePushStore } from './dexie-push-store';
import { syncSubjects } from '../transport/sync-subjects';
import { outgoingMessages } from '../wire/outgoing-messages';
import { drainOutbox } from './drain-outbox';
import { claimToSend, messagesToSend, type BuildMessages } from './seal-once';

const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const subjects = syncSubjects('alice');
const build: BuildMessages = (outbox, reserved) =>
  outgoingMessages(outbox, 'device-a', 512 * 1024 - reserved);

async function pushWaiting(): Promise<CountersignDatabase> {
  const db = createTestDatabase();
  opened.push(db);
  const row: OutboxRow = {
    id: 'row-1',
    operationId: 'op-1',
    kind: 'journal',
    diffs: [{ table: 'tasks', id: 't1', before: null, after: { id: 't1', title: 'Plumber' } }],
    createdAt: '2026-11-27T08:00:00.000Z',
  };
  await db.outbox.add(row);
  await drainOutbox(db, 0);
  return db;
}

const sealingWith = (ring: KeyRing) => ({ ring: () => Promise.resolve(ring), subjects });

describe('seal once', () => {
  it('sends plain messages, kept nowhere, when the journal has no key', async () => {
    const db = await pushWaiting();
    const messages = await messagesToSend(db, sealingWith(NO_KEYS), 'op-1', build);
    expect(new TextDecoder().decode(messages[0]!.data)).toContain('Plumber');
    expect((await db.syncPushes.get('op-1'))?.sealedMessages).toBeUndefined();
  });

  it('seals a push once and sends the same bytes on every retry', async () => {
    const db = await pushWaiting();
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const first = await messagesToSend(db, sealingWith(ring), 'op-1', build);
    const again = await messagesToSend(db, sealingWith(ring), 'op-1', build);
    expect(again).toEqual(first);
    const opened = await open(subjects.operation(first[0]!.messageId), ring, first[0]!.data);
    expect(opened.outcome).toBe('opened');
    // Even after a rotation, the push goes on with what it first sent.
    const rotated = keyRing([await deriveJournalKey(newJournalSecret()), ...ring.generations]);
    expect(await messagesToSend(db, sealingWith(rotated), 'op-1', build)).toEqual(first);
  });

  it('publishes under a keyed token, not the operation id the server could test guesses against', async () => {
    const secret = newJournalSecret();
    const ring = keyRing([await deriveJournalKey(secret)]);
    const [first] = await messagesToSend(await pushWaiting(), sealingWith(ring), 'op-1', build);
    const sameSecret = keyRing([await deriveJournalKey(secret)]);
    const [again] = await messagesToSend(
      await pushWaiting(),
      sealingWith(sameSecret),
      'op-1',
      build,
    );
    const otherRing = keyRing([await deriveJournalKey(newJournalSecret())]);
    const [other] = await messagesToSend(
      await pushWaiting(),
      sealingWith(otherRing),
      'op-1',
      build,
    );
    expect(first!.messageId).toMatch(/^[0-9a-f]{64}$/);
    expect(first!.messageId).not.toContain('op-1');
    expect(again!.messageId).toBe(first!.messageId);
    expect(other!.messageId).not.toBe(first!.messageId);
  });

  it('keeps the sealed bytes when the push runtime saves its own copy of the row, until applied', async () => {
    const db = await pushWaiting();
    const store = createDexiePushStore(db);
    const stale = (await store.get('op-1')) as PushRow;
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const first = await messagesToSend(db, sealingWith(ring), 'op-1', build);
    await store.put({ ...stale, state: 'in_flight' });
    expect((await db.syncPushes.get('op-1'))?.sealedMessages).toEqual(first);
    await store.put({ ...stale, state: 'applied' });
    const done = await db.syncPushes.get('op-1');
    expect(done?.state).toBe('applied');
    expect(done?.sealedMessages).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('seals a claim once', async () => {
    const db = await pushWaiting();
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const record = (await db.syncPushes.get('op-1'))!;
    const plain = new TextEncoder().encode('{"decisionId":"d1"}');
    const subject = subjects.decision('set-1', 0);
    const first = await claimToSend(db, sealingWith(ring), record, subject, plain);
    const stored = (await db.syncPushes.get('op-1'))!;
    expect(stored.sealedClaim).toEqual(first);
    expect(await claimToSend(db, sealingWith(ring), stored, subject, plain)).toEqual(first);
    expect(await claimToSend(db, sealingWith(ring), record, subject, plain)).toEqual(first);
    expect(first).not.toEqual(plain);
    expect(
      await claimToSend(db, sealingWith(NO_KEYS), { ...record, operationId: 'x' }, subject, plain),
    ).toBe(plain);
  });

  it('signs a push and its claim once, sealed or plain, and a retry sends the same signed bytes', async () => {
    const keys = await generateDeviceKeys();
    const signing = {
      signer: () => Promise.resolve({ deviceId: 'device-a', privateKey: keys.signing.privateKey }),
    };
    const lookup = ownSignerOnly('device-a', keys.signing.publicKey);
    for (const ring of [NO_KEYS, keyRing([await deriveJournalKey(newJournalSecret())])]) {
      const db = await pushWaiting();
      const sealing = { ...sealingWith(ring), ...signing };
      const first = await messagesToSend(db, sealing, 'op-1', build);
      expect(await messagesToSend(db, sealing, 'op-1', build)).toEqual(first);
      const subject = subjects.operation(first[0]!.messageId);
      const checked = await checkSignature(subject, first[0]!.data, lookup);
      expect(checked).toMatchObject({ ok: true, signedBy: 'device-a' });
      const body = checked.ok ? checked.body : new Uint8Array();
      expect((await open(subject, ring, body)).outcome).toBe(ring === NO_KEYS ? 'plain' : 'opened');
      const record = (await db.syncPushes.get('op-1'))!;
      const claimSubject = subjects.decision('set-1', 0);
      const claim = await claimToSend(db, sealing, record, claimSubject, new Uint8Array([0x7b]));
      expect(await claimToSend(db, sealing, record, claimSubject, new Uint8Array([0x7b]))).toEqual(
        claim,
      );
      expect(await checkSignature(claimSubject, claim, lookup)).toMatchObject({ ok: true });
    }
  });
});
