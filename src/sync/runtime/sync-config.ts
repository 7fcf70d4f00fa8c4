/**
 * This device's sync settings, checked with zod where they are read (the settings row is
 * device-local, but still only data). The user name is the person's journal on the
 * server: subjects `cs.<user>.>`, stream `CS_<USER>` (sync-subjects.ts).
 */
import { z } from 'zod';
import type { StoredSyncConfig } from '../../db/sync-connection';

export const syncConfigSchema = z.object({
  url: z
    .string()
    .trim()
    .regex(
      /^(wss?|nats):\/\/[^\s/]+/,
      'The server address starts with wss:// (or ws:// on this computer), e.g. wss://sync.example.org',
    ),
  user: z
    .string()
    .trim()
    .regex(
      /^[a-z][a-z0-9_-]{0,31}$/,
      'The user name is a lowercase letter, then up to 31 lowercase letters, digits, "-" or "_".',
    ),
  secret: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('password'), password: z.string().min(1, 'Enter the password.') }),
    z.object({ kind: z.literal('token'), token: z.string().min(1, 'Enter the token.') }),
  ]),
  enabled: z.boolean(),
}) satisfies z.ZodType<StoredSyncConfig>;
export type SyncConfig = z.infer<typeof syncConfigSchema>;

/**
 * What is wrong with an address a browser is given, in words: a browser reaches NATS only
 * over WebSocket, so a `nats://` (or `tls://`) address, fine for a Node client, would be
 * saved and then reported as unreachable. Undefined when a browser can use it.
 */
export function browserAddressProblem(url: string): string | undefined {
  const scheme = /^([a-z]+):\/\//i.exec(url.trim())?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === 'ws' || scheme === 'wss') return undefined;
  return `A browser reaches the sync server over WebSocket: use its wss:// address (or ws:// on this computer) and the server's WebSocket port, not ${scheme}://. For npm run sync-server that is ws://127.0.0.1:9222.`;
}

/** The credentials the NATS client signs in with. */
export function natsCredentials(
  config: Pick<SyncConfig, 'user' | 'secret'>,
): { user: string; pass: string } | { token: string } {
  return config.secret.kind === 'token'
    ? { token: config.secret.token }
    : { user: config.user, pass: config.secret.password };
}
