/**
 * Centavos (an integer) of an amount in reais as the wire carries it (at most 2 decimals): the one place the
 * web app crosses from reais to centavos, so the sums it shows (a selection, an estimate's lines) add whole
 * centavos, with no float drift. The API's crossing is the contract's wireToCents (bigint, strict).
 */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}
