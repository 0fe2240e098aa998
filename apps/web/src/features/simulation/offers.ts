import type { Estimate, PricedOffer } from '@portal/contract';
import { isApiError } from '../../lib/errors/app-error';
import { reaisToCents } from '../../lib/money';

/*
 * Who pays at the figures shown, and the other offers the supplier may take instead
 * (docs/product/funders.md#pricing, docs/product/screens-and-routes.md#offers).
 */

/**
 * Whether the screen names who pays: whenever there is a choice, or a funder pays. A program with its own rate
 * alone (no funders) shows the simulation as before funders existed.
 */
export const namesFunder = (estimate: Estimate) => estimate.offers.length > 1 || !estimate.funder.house;

/** The offers other than the one shown, best first, as the server ranks them. */
export const otherOffers = (estimate: Estimate): PricedOffer[] =>
  estimate.offers.filter((offer) => offer.offerId !== estimate.offerId);

/** Whether an offer is the best of the estimate (the first, highest net). */
export const isBestOffer = (estimate: Estimate, offerId: PricedOffer['offerId']) =>
  estimate.offers[0]?.offerId === offerId;

/** What the supplier would receive at `offer` more (positive) or less than at the offer shown, in centavos. */
export const differenceCents = (offer: PricedOffer, estimate: Estimate) =>
  reaisToCents(offer.total) - reaisToCents(estimate.total);

/** The refusal of an offer that can no longer take the set (replaced, withdrawn, expired, full for today). */
export const isOfferUnavailable = (error: unknown) =>
  isApiError(error) && error.detail.code === 'error.offer.unavailable';
