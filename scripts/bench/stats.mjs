// Summary statistics for timing samples. Medians resist the odd GC pause; p95 shows the
// tail a person would notice. Percentiles use the nearest-rank method (no interpolation),
// so every reported figure is a time that was actually measured.

/** The value at percentile `p` (0..100) of `samples`, nearest rank. */
function percentile(samples, p) {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export function summarize(samples) {
  if (samples.length === 0) return { count: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return {
    count: sorted.length,
    median,
    p95: percentile(sorted, 95),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
}

/** Rounds for JSON and tables: sub-millisecond detail matters for the write figures. */
export function round(value, digits = 2) {
  if (value === undefined || value === null || Number.isNaN(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
