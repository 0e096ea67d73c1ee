/**
 * A small seeded random source for the seed data. Math.random cannot be seeded, and the same
 * seed must give the same database on every machine (tests, benchmarks and bug reports compare
 * listings by id), so the generator draws only from this.
 */

/** Mixes two 32-bit integers into one well-spread seed (a murmur3-style finaliser). */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: 32 bits of state, fast, and good enough for synthetic data (not for secrets). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    if (!list.length) throw new RangeError('pick from an empty list');
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** One value of [value, weight] pairs, in proportion to the weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let left = this.next() * total;
    for (const [value, weight] of entries) {
      left -= weight;
      if (left < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** `count` distinct items in random order (all of them when the list is shorter). */
  sample<T>(list: readonly T[], count: number): T[] {
    const copy = list.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** A normally distributed number (Box-Muller). */
  normal(mean: number, deviation: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}
