export type NegativeAnticipationDetail = {
  valueCents: bigint;
  /** What would be taken from the value, in centavos (without IOF when the discount alone exceeds it). */
  costsCents: bigint;
  /** The id of the offending credit when the error comes from an estimate. */
  creditId?: unknown;
};

/**
 * The costs of anticipating a credit exceed its value (a very long term at a high rate, or a fixed bank fee
 * larger than a tiny credit). Thrown instead of clamping to 0: a clamped row would no longer satisfy
 * value = anticipation + costs, the figures frozen in a batch would not add up, and the supplier would be
 * offered a transaction in which they pay to give their invoice away. The API turns it into a refusal.
 */
export class NegativeAnticipationError extends Error {
  override readonly name = 'NegativeAnticipationError';
  readonly valueCents: bigint;
  readonly costsCents: bigint;
  readonly creditId: unknown;

  constructor(detail: NegativeAnticipationDetail) {
    super(`Costs of ${detail.costsCents} centavos exceed the credit value of ${detail.valueCents} centavos`);
    this.valueCents = detail.valueCents;
    this.costsCents = detail.costsCents;
    this.creditId = detail.creditId;
  }
}

/**
 * A credit due past an offer's last band (docs/product/funders.md#offers): that offer does not fund it, so it
 * cannot take a set holding it. Not a refusal of the credit: another offer may.
 */
export class OutOfBandsError extends Error {
  override readonly name = 'OutOfBandsError';

  constructor(
    readonly days: number,
    readonly creditId: unknown,
  ) {
    super(`No band of the offer covers a credit due in ${days} days`);
  }
}
