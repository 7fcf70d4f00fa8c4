/**
 * Reads how long a rate-limited server asks us to wait: `retry-after-ms` (OpenAI),
 * `retry-after` in seconds or as an HTTP date. Header names are matched in any case
 * because hand-built header records are not normalised.
 */
export function retryAfterSeconds(
  headers: Record<string, string> | undefined,
  now: number = Date.now(),
): number | undefined {
  if (headers === undefined) return undefined;
  const header = (name: string) =>
    Object.entries(headers)
      .find(([key]) => key.toLowerCase() === name)?.[1]
      ?.trim();

  const milliseconds = Number(header('retry-after-ms'));
  if (header('retry-after-ms') && Number.isFinite(milliseconds) && milliseconds >= 0) {
    return Math.ceil(milliseconds / 1000);
  }

  const retryAfter = header('retry-after');
  if (!retryAfter) return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter));
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
