/**
 * A server address as it may be shown: without the user name and password a person can
 * type into it (`nats://user:pass@host`, `wss://u:p@host`). The address may be anywhere
 * in a sentence ("Connecting to wss://u:p@host…", an error the client wrote), so every
 * address in the text loses its credentials, whatever its scheme. The authority ends at
 * the first "/", "?" or "#" (as the URL parser reads it), and the credentials end at its
 * last "@", so a password holding "@" goes too.
 */
const CREDENTIALS_IN_ADDRESS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]*(?:@[^\s/?#@"'<>]*)*@/gi;

export function withoutCredentials(text: string): string {
  return text.replace(CREDENTIALS_IN_ADDRESS, '$1');
}
