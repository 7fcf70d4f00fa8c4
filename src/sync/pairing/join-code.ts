/**
 * The join code: what a new device needs to join this journal, as one line of text that
 * fits a QR code and a link's fragment (`…/#join=<code>`, so it never reaches any server).
 * It carries the sync server and credentials, the newest journal secret, the older
 * generations sealed under it (older-keys.ts), a one-time join token (join-token.ts) and
 * when it expires. Whatever is scanned, opened or pasted is untrusted: read with zod, and
 * every refusal is said in words.
 */
import { z } from 'zod';
import { syncConfigSchema } from '../runtime/sync-config';
import { fromBase64Url, toBase64Url } from './base64url';
import { JOIN_TOKEN_PATTERN } from './join-token';

const JOIN_CODE_VERSION = 1;
/** Shown for two minutes; a code older than this is refused on both sides. */
export const JOIN_CODE_LIFETIME_MS = 2 * 60_000;
/** Far above any real code (a few hundred characters), far below what would strain a parser. */
const MAX_CODE_CHARS = 8_000;
const FRAGMENT_KEY = 'join=';

const base64UrlText = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(MAX_CODE_CHARS);

const joinCodeSchema = z
  .object({
    v: z.literal(JOIN_CODE_VERSION),
    url: syncConfigSchema.shape.url,
    user: syncConfigSchema.shape.user,
    secret: syncConfigSchema.shape.secret,
    /** The newest journal secret, 32 bytes as hex. */
    key: z.string().regex(/^[0-9a-f]{64}$/),
    /** The older generations sealed under the newest (sealOlderKeys), base64url; absent with one generation. */
    older: base64UrlText.optional(),
    token: z.string().regex(JOIN_TOKEN_PATTERN),
    /** Milliseconds since 1970, UTC. */
    expires: z.number().int().positive(),
  })
  .strict();
export type JoinCode = z.infer<typeof joinCodeSchema>;

export function encodeJoinCode(code: JoinCode): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(joinCodeSchema.parse(code))));
}

/** The link a camera app opens: this app, with the code in the fragment. */
export function joinLink(appUrl: string, code: JoinCode): string {
  return `${appUrl.replace(/#.*$/, '')}#${FRAGMENT_KEY}${encodeJoinCode(code)}`;
}

export type JoinCodeProblem = 'notOurs' | 'newerVersion' | 'expired';
export type ReadJoinCode =
  { ok: true; code: JoinCode } | { ok: false; problem: JoinCodeProblem; words: string };

const WORDS: Record<JoinCodeProblem, string> = {
  notOurs:
    'This is not a Countersign join code. On your other device, open Settings → Sync → Add a device, and scan the code it shows (or copy its link).',
  newerVersion:
    'This code was made by a newer version of Countersign. Update the app on this device (reload it), then scan the code again.',
  expired:
    'This code has expired (a code works for two minutes). On your other device, tap Add a device again for a fresh code.',
};

function refuse(problem: JoinCodeProblem): ReadJoinCode {
  return { ok: false, problem, words: WORDS[problem] };
}

/** The code part of a scanned, opened or pasted text: a whole link, a bare fragment, or the code alone. */
function codeText(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.indexOf(FRAGMENT_KEY);
  return at >= 0 ? trimmed.slice(at + FRAGMENT_KEY.length) : trimmed;
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** Never throws: a code, or why not in words. `now` is this device's clock. */
export function readJoinCode(text: string, now: number): ReadJoinCode {
  const encoded = codeText(text);
  if (encoded.length === 0 || encoded.length > MAX_CODE_CHARS) return refuse('notOurs');
  const bytes = fromBase64Url(encoded);
  const json = bytes ? parseJson(bytes) : undefined;
  const parsed = joinCodeSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { v?: unknown } | undefined)?.v;
    const newer = typeof version === 'number' && version > JOIN_CODE_VERSION;
    return refuse(newer ? 'newerVersion' : 'notOurs');
  }
  if (parsed.data.expires <= now) return refuse('expired');
  return { ok: true, code: parsed.data };
}
