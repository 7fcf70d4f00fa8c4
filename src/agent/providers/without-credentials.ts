/**
 * The one place a `user:password@` in a web address is taken out of text a person sees:
 * the provider's name in the live status line, every message of a wake, and the address
 * shown in hints. Works on whole messages, so an address a server echoed back is
 * cleaned too.
 */
const CREDENTIALS_IN_ADDRESS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

export function withoutCredentials(text: string): string {
  return text.replace(CREDENTIALS_IN_ADDRESS, '$1');
}
