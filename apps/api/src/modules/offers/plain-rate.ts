/** A stored rate (numeric reads back as `0.01100000`) as it was written: `0.011`. */
export function plainRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
