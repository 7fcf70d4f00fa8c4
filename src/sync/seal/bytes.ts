/** Byte helpers the seal layer shares: hex text, joining, a framed subject, and fresh random bytes. */

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The bytes of a hex string; undefined when it is not even-length lowercase or uppercase hex. */
export function fromHex(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

export function concatBytes(...chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

const MAX_SUBJECT_BYTES = 0xffff;

/** A subject as sealed and signed bytes carry it: two bytes of length, then its UTF-8. */
export function lengthPrefixedSubject(subject: string): Uint8Array<ArrayBuffer> {
  const subjectBytes = new TextEncoder().encode(subject);
  if (subjectBytes.byteLength > MAX_SUBJECT_BYTES) {
    throw new RangeError(`A subject has at most ${MAX_SUBJECT_BYTES} bytes.`);
  }
  const length = Uint8Array.of(subjectBytes.byteLength >> 8, subjectBytes.byteLength & 0xff);
  return concatBytes(length, subjectBytes);
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A copy whose buffer is a plain ArrayBuffer, as Web Crypto's typings ask for. */
export function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}
