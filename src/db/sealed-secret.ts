/**
 * The stored shape of a sealed setting (settings-seal.ts seals and opens it), apart from
 * the crypto: sync's settings are read on the first page, which only needs to tell a
 * sealed value from a plain one.
 */
export interface SealedSecret {
  sealed: 'AES-GCM';
  iv: Uint8Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
}

// Not instanceof: bytes read back from IndexedDB may come from another realm's Uint8Array.
const isBytes = (value: unknown): value is Uint8Array<ArrayBuffer> =>
  Object.prototype.toString.call(value) === '[object Uint8Array]';

/** Checked by hand, not with a schema: no zod schema may be built on the first page. */
export function isSealedSecret(value: unknown): value is SealedSecret {
  if (typeof value !== 'object' || value === null) return false;
  const { sealed, iv, data } = value as Record<string, unknown>;
  return sealed === 'AES-GCM' && isBytes(iv) && isBytes(data);
}
