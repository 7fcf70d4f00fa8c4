/**
 * The signer lookup from the journal's device list (the synced `devices` table): a device
 * with a record is known by the signing key in it, or removed once its record says so. A
 * record's keys are imported once and kept; a key that is not a P-256 point counts as no
 * record (its messages cannot be checked, as before signatures).
 */
import type { CountersignDatabase } from '../../db/database';
import { canonicalJson } from '../../domain/canonical-json';
import type { RowDiff } from '../../domain/sync-envelope';
import { importDevicePublicKey } from '../seal/device-keys';
import type { SignerLookup } from '../seal/signers';

export function deviceListSigners(db: CountersignDatabase): SignerLookup {
  const imported = new Map<string, Promise<CryptoKey | undefined>>();
  const keyOf = (jwk: unknown) => {
    const text = canonicalJson(jwk);
    let key = imported.get(text);
    if (!key) {
      key = importDevicePublicKey('signing', jwk).then((each) => (each.ok ? each.key : undefined));
      imported.set(text, key);
    }
    return key;
  };
  return async (deviceId) => {
    const record = await db.devices.get(deviceId);
    if (!record || record.deletedAt !== undefined) return { kind: 'unknown' };
    const key = await keyOf(record.keys.signing);
    if (!key) return { kind: 'unknown' };
    return record.removed === undefined
      ? { kind: 'known', key, name: record.name }
      : { kind: 'removed', key, name: record.name, removedAt: record.removed };
  };
}

/**
 * A device's keys never change: a received record giving a known device other keys is a
 * device trying to take another's place (then it could sign as it), so it is refused.
 */
export async function deviceKeysChangeProblem(
  db: CountersignDatabase,
  diffs: readonly RowDiff[],
): Promise<string | undefined> {
  for (const diff of diffs) {
    if (diff.table !== 'devices' || !diff.after) continue;
    const stored = await db.devices.get(diff.id);
    if (stored && canonicalJson(stored.keys) !== canonicalJson(diff.after.keys)) {
      return `Not applied: it gives device “${stored.name}” (${diff.id.slice(0, 8)}) other keys. A device's keys never change; another device may be trying to take its place.`;
    }
  }
  return undefined;
}
