/**
 * Reads a small note another device sealed (a wake's progress, its outcome): untrusted,
 * so it must be small, open under the journal's key (a plain one in an encrypted journal
 * is refused), be JSON and parse. Anything else is refused, in words that say why.
 */
import type { z } from 'zod';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { open, sealWhenKeyed } from '../seal/seal';

/** The largest note read: far above a sealed one, far below a flood. */
const MAX_BYTES = 2_048;

export type ReadNote<T> = { ok: true; note: T } | { ok: false; words: string };

export async function readSealedNote<T>(
  subject: string,
  ring: KeyRing,
  data: Uint8Array,
  schema: z.ZodType<T>,
  what: string,
): Promise<ReadNote<T>> {
  const refused = (why: string): ReadNote<T> => ({
    ok: false,
    words: `${what} was refused: ${why}.`,
  });
  if (data.length > MAX_BYTES) return refused(`it is ${data.length} bytes, more than a note`);
  const opened = await open(subject, ring, data);
  if (opened.outcome === 'plain' && newestKey(ring))
    return refused('it is not sealed with the journal’s key');
  if (opened.outcome !== 'opened' && opened.outcome !== 'plain')
    return refused('it does not open with the journal’s key');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(opened.plaintext));
  } catch {
    return refused('it is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return refused(`${parsed.error.issues[0]?.path.join('.') || 'its body'} is not as expected`);
  return { ok: true, note: parsed.data };
}

/** The note as JSON, sealed under the newest key when the journal has one. */
export async function sealNote(subject: string, ring: KeyRing, note: unknown) {
  return sealWhenKeyed(subject, ring, new TextEncoder().encode(JSON.stringify(note)));
}
