/**
 * A funder's offer prices by term (docs/product/funders.md#offers): each band's monthly rate covers the credits
 * due up to `upToDays` days after the payment date and past the previous band's. Bands are strictly increasing.
 */
export type RateBand = { upToDays: number; monthlyRate: string };

/** The monthly rate of the band covering `days`, or undefined past the last band. */
export function monthlyRateForDays(bands: readonly RateBand[], days: number): string | undefined {
  for (const band of bands) if (days <= band.upToDays) return band.monthlyRate;
  return undefined;
}
