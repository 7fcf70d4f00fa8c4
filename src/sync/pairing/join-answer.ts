/**
 * The new device's answer on a join subject, and how the showing device reads it: opened
 * with the journal key, parsed with zod, and judged by its one-time token (join-token.ts).
 * Whatever is on the subject is untrusted; nothing here throws.
 */
import { open } from '../seal/seal';
import type { KeyRing } from '../seal/key-ring';
import { joinAnswerSchema, type DeviceRecord } from './device-record';
import { joinSubject, recogniseJoin, type PendingJoin } from './join-token';
import type { PairingConnection } from './pairing-connection';

type JoinAnswer = ReturnType<typeof joinAnswerSchema.parse>;

export type ReadAnswer = { ok: true; answer: JoinAnswer } | { ok: false; words: string };

export async function readJoinAnswer(
  subject: string,
  ring: KeyRing,
  data: Uint8Array,
): Promise<ReadAnswer> {
  const opened = await open(subject, ring, data);
  if (opened.outcome !== 'opened') {
    return {
      ok: false,
      words: 'A device answered this code, but its answer was not sealed with this journal’s key.',
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(opened.plaintext));
  } catch {
    json = undefined;
  }
  const parsed = joinAnswerSchema.safeParse(json);
  return parsed.success
    ? { ok: true, answer: parsed.data }
    : {
        ok: false,
        words:
          'A device answered this code in a form this app does not read (a newer version?). Update the app on both devices.',
      };
}

export type JoinCheck =
  | { state: 'waiting' }
  | { state: 'joined'; device: DeviceRecord; pending: PendingJoin }
  | { state: 'refused'; words: string };

/** On the showing device: has the device this code was shown to answered? */
export async function checkJoinAnswer(
  connection: PairingConnection,
  ring: KeyRing,
  pending: PendingJoin,
  now: number,
): Promise<JoinCheck> {
  const subject = joinSubject(connection.user, pending.tokenHash);
  const stored = await connection.readLast(subject);
  if (!stored) return { state: 'waiting' };
  const read = await readJoinAnswer(subject, ring, stored.data);
  if (!read.ok) return { state: 'refused', words: read.words };
  const verdict = await recogniseJoin(pending, read.answer.token, read.answer.device.deviceId, now);
  return verdict.verdict === 'accepted'
    ? { state: 'joined', device: read.answer.device, pending: verdict.pending }
    : { state: 'refused', words: verdict.words };
}
