const BYTES_PER_MEGABYTE = 1024 * 1024;

/** Bytes as megabytes for people: "0.4 MB", "1,024 MB". */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / BYTES_PER_MEGABYTE;
  const digits = megabytes < 10 ? 1 : 0;
  return `${megabytes.toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits })} MB`;
}
