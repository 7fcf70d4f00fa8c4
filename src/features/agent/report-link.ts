/**
 * How a link in the agent's report is read before it is shown. The report is model output
 * (docs/architecture.md, invariant 4), so an address may be anything: a placeholder
 * ("https://api.example.com:port/v1"), half a bracket, a broken escape. The URL parser
 * throws on those, and a throw while rendering took the whole task page down; here every
 * address is read once, without throwing, and one that cannot be read is no link at all
 * (the report shows its text).
 */
import { defaultUrlTransform } from 'react-markdown';

const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;

// Control characters and the invisible direction marks (as in domain/display-text.ts): a
// decoded mailto address holding one could display reversed ("moc.elpmaxe" as example.com).
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** Past this many characters a destination is shortened, so one long address cannot fill the card. */
export const SHOWN_DESTINATION_MAX = 60;

export interface ReportLink {
  /** The address the link opens, as the URL parser wrote it back. */
  href: string;
  /** Where it goes, in a few words: its host, or "email" and the address. */
  shown: string;
  /** The same for a screen reader: "opens example.com in a new tab". */
  spoken: string;
}

// Markdown percent-encodes the brackets of an IPv6 host (http://[::1]:8080 arrives as
// http://%5B::1%5D:8080), which the URL parser refuses as a host: they are put back in the
// host part only, and the parser still refuses brackets that do not make an IPv6 address.
const AUTHORITY = /^(https?:\/\/)([^/?#]*)/i;

function withHostBrackets(address: string): string {
  return address.replace(
    AUTHORITY,
    (_, scheme: string, authority: string) =>
      scheme + authority.replace(/%5b/gi, '[').replace(/%5d/gi, ']'),
  );
}

function parse(address: string): URL | undefined {
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function shortened(text: string): string {
  return text.length > SHOWN_DESTINATION_MAX
    ? `${text.slice(0, SHOWN_DESTINATION_MAX - 1)}…`
    : text;
}

/**
 * The link an address in the report becomes, or undefined when it is not one: anything but
 * an absolute http(s) or mailto address, or one the URL parser cannot read (a mailto
 * address included: an escape that decodes to nothing). Never throws.
 */
export function readReportLink(address: string): ReportLink | undefined {
  const kept = defaultUrlTransform(address.trim());
  if (!ALLOWED_LINK.test(kept)) return undefined;
  const url = parse(withHostBrackets(kept));
  if (!url) return undefined;
  if (url.protocol === 'mailto:') {
    const readable = decoded(url.pathname);
    if (!readable) return undefined;
    const address = shortened(HIDDEN.test(readable) ? url.pathname : readable);
    return { href: url.href, shown: `email ${address}`, spoken: `writes an email to ${address}` };
  }
  if (!url.host) return undefined;
  const host = shortened(url.host);
  return { href: url.href, shown: host, spoken: `opens ${host} in a new tab` };
}
