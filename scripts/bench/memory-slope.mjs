// Memory per wake as a figure: the least-squares slope of samples { wakes, heapMb, rssMb }
// over the last `span` wakes, in kB a wake. A flat store gives about 0, whatever the
// sawtooth of the collector or of a window trimmed now and then.
export function kbPerWake(samples, field, span) {
  const last = samples.at(-1).wakes;
  const used = samples.filter((sample) => sample.wakes >= last - span);
  const n = used.length;
  if (n < 2) return Number.NaN;
  const meanX = used.reduce((sum, sample) => sum + sample.wakes, 0) / n;
  const meanY = used.reduce((sum, sample) => sum + sample[field], 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const sample of used) {
    covariance += (sample.wakes - meanX) * (sample[field] - meanY);
    variance += (sample.wakes - meanX) ** 2;
  }
  return (covariance / variance) * 1024;
}

/** The wakes the slope spans: the last 600 of 1,000, or the last 60 % of a shorter run. */
export const slopeSpan = (totalWakes) => Math.round(totalWakes * 0.6);
