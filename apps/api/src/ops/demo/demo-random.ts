import { cnpjCheckDigits } from '@portal/contract';

/** mulberry32: a tiny seeded PRNG, so the demo file comes out byte-identical on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = ReturnType<typeof seededRandom>;

/** An integer in [min, max], both inclusive. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Picks a value by weight: `[[value, weight], …]`. */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/** `YYYY-MM-DD` plus `days` calendar days (UTC arithmetic: plain dates have no zone). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A CNPJ for an 8-character root (numeric or alphanumeric) and branch 0001, with its two check digits. */
export function cnpjFor(root: string): string {
  const base = `${root}0001`;
  return `${base}${cnpjCheckDigits(base)}`;
}

/** Centavos as the import file's money string ("1234.05"). */
export function centsToMoneyString(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
