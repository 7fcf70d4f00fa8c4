/**
 * Deterministic data: the same seed gives the same journal, so two runs compare like with
 * like (and 1× and 10× are the same kind of journal, only more of it).
 */

/** mulberry32: tiny, fast, good enough to spread test data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** A v4-shaped uuid: keys land all over the B-tree, as real random ids do. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(next() * 4)]!;
    const text = hex.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  };
  return { next, integer, pick, uuid };
}
export type Random = ReturnType<typeof createRandom>;

export function weighted<T>(random: Random, options: readonly [T, number][]): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

/** Splits `total` rows over `buckets` tasks unevenly (some tasks busy, many quiet), summing exactly. */
export function spread(random: Random, total: number, buckets: number): number[] {
  const weights = Array.from({ length: buckets }, () => -Math.log(1 - random.next()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((weight / sum) * total));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; missing > 0; index = (index + 1) % buckets, missing--) counts[index]! += 1;
  return counts;
}
