/**
 * JSON with object keys sorted at every depth: equal values give equal strings. Values
 * nested deeper than MAX_DEPTH (nothing Countersign stores is; only hostile input is) are
 * written as a marker instead of walked, so no input can overflow the stack here.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, 0));
}

const MAX_DEPTH = 256;
const TOO_DEEP = `(nested deeper than ${MAX_DEPTH} levels)`;

function sortKeys(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((element) => sortKeys(element, depth + 1));
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key], depth + 1)]),
  );
}

/** Hex SHA-256 of a string (Web Crypto: available in pages, workers and Node). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
