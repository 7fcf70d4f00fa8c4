/**
 * Handing on a key ring: the older generations' secrets travel sealed under the newest
 * key (in a join code, or on the journal's key subject), so whoever holds the newest
 * secret (a paired device, a recovery phrase) opens every generation and reads history
 * from before a rotation.
 */
import { z } from 'zod';
import { fromHex, toHex } from './bytes';
import { deriveJournalKey, JOURNAL_SECRET_BYTES } from './journal-key';
import { keyRing, type KeyRing } from './key-ring';
import { open, seal } from './seal';
import { describeNotOpened } from './describe-open';

const MAX_GENERATIONS = 1_000;

const olderKeysSchema = z.object({
  v: z.literal(1),
  /** Secrets of the generations after the newest, newest first, as hex. */
  older: z
    .array(z.string().regex(new RegExp(`^[0-9a-f]{${JOURNAL_SECRET_BYTES * 2}}$`)))
    .max(MAX_GENERATIONS),
});

export async function sealOlderKeys(subject: string, ring: KeyRing) {
  const body = { v: 1, older: ring.generations.slice(1).map((key) => toHex(key.secret)) };
  return seal(subject, ring, new TextEncoder().encode(JSON.stringify(body)));
}

export type OpenedRing = { ok: true; ring: KeyRing } | { ok: false; reason: string };

/** The whole ring from the newest secret and its sealed older generations. Never throws. */
export async function openOlderKeys(
  subject: string,
  newestSecret: Uint8Array,
  sealed: Uint8Array,
): Promise<OpenedRing> {
  const newest = await deriveJournalKey(newestSecret);
  const opened = await open(subject, keyRing([newest]), sealed);
  if (opened.outcome !== 'opened') {
    return {
      ok: false,
      reason:
        opened.outcome === 'plain'
          ? 'The journal’s older keys arrived unsealed, so they were not used.'
          : describeNotOpened(opened),
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(opened.plaintext));
  } catch {
    json = undefined;
  }
  const parsed = olderKeysSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, reason: 'The journal’s older keys could not be read (update the app?).' };
  }
  const older = await Promise.all(parsed.data.older.map((hex) => deriveJournalKey(fromHex(hex)!)));
  return { ok: true, ring: keyRing([newest, ...older]) };
}
