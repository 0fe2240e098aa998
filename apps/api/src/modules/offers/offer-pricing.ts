import type { OfferChoice } from '@portal/contract';
import {
  type Estimate,
  estimate,
  NegativeAnticipationError,
  OutOfBandsError,
  type RateBand,
} from '@portal/pricing';
import { and, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyers, funders, offerBands, offers, programFunders, programs } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PricingContext } from '../pricing/pricing-context';
import { usedCapacitySql } from './offer-usage';

/*
 * Pricing a set of credits at every offer that can take it (docs/product/funders.md#pricing): the house offer
 * (the program's own rate, unless the program dropped it) and each admitted funder's current offer, best first.
 * A program without funders has the house offer alone, and prices exactly as before funders existed.
 */

/** An offer that may price credits of the program now. */
export type OfferCandidate = {
  offerId: OfferChoice;
  funder: { id: number | null; name: string; house: boolean };
  /** A funder's offer's bands; none for the house offer (the program's own rate). */
  bands?: RateBand[];
  /** What the funder may still fund in the program today; none for the house offer (no limit). */
  roomCents?: bigint;
  createdAt: Date;
};

export type PricedAtOffer = { candidate: OfferCandidate; priced: Estimate<number> };

export type PricingCredit = { id: number; originalValueCents: bigint; expireDate: string };

/**
 * The offers of the context's program at `now`, with each funder's room on the day a request made now is paid.
 * Read inside a claim's transaction after lockFunderOffers, the room is the one the claim may take.
 */
export async function offerCandidates(
  db: Executor,
  context: PricingContext,
  now: Date,
): Promise<OfferCandidate[]> {
  const [house] = await db
    .select({ houseOffer: programs.houseOffer, buyerName: buyers.name })
    .from(programs)
    .innerJoin(buyers, eq(buyers.id, programs.buyerId))
    .where(eq(programs.id, context.programId));
  const rows = await db
    .select({
      id: offers.id,
      funderId: offers.funderId,
      funderName: funders.name,
      dailyCapacityCents: offers.dailyCapacityCents,
      createdAt: offers.createdAt,
      bands: bandsOfOffer,
      used: usedCapacitySql(sql`${offers.funderId}`, sql`${offers.programId}`, context.paymentDate),
    })
    .from(offers)
    .innerJoin(funders, eq(funders.id, offers.funderId))
    // Only where its funder is admitted now: a program that stops admitting a funder stops pricing its offer.
    .innerJoin(
      programFunders,
      and(eq(programFunders.programId, offers.programId), eq(programFunders.funderId, offers.funderId)),
    )
    .where(currentOffersOf(context.programId, now));
  const candidates: OfferCandidate[] = rows.map((row) => ({
    offerId: row.id,
    funder: { id: row.funderId, name: row.funderName, house: false },
    bands: row.bands,
    roomCents: row.dailyCapacityCents - BigInt(row.used),
    createdAt: row.createdAt,
  }));
  if (house?.houseOffer) candidates.push(houseOffer(house.buyerName));
  return candidates;
}

/**
 * The offers that price a program's credits in lists now (docs/product/funders.md#lists), capacity not considered:
 * the house's unless the program dropped it, and each admitted funder's current, valid offer, by its bands.
 */
export async function listOffersOf(
  db: Executor,
  programId: number,
  now: Date,
): Promise<{ bands?: RateBand[] }[]> {
  const [program] = await db
    .select({
      houseOffer: programs.houseOffer,
      funderBands: currentFunderOfferBands(sql`${now.toISOString()}`),
    })
    .from(programs)
    .where(eq(programs.id, programId));
  return program ? offersOfProgram(program.houseOffer, program.funderBands) : [];
}

/**
 * The bands of the program's current offers whose funders it admits, as one value of a query that reads
 * `programs` (one JSON array in offer order; null when there is none): listOffersOf reads it, and so does the
 * credit list's access check, without another round trip (docs/decisions/api-speed.md#offers-in-access). `now`
 * is the instant as a parameter (an ISO timestamp). offersOfProgram turns it into listOffersOf's answer.
 */
export function currentFunderOfferBands(now: SQL | Placeholder) {
  // Written with aliases: Drizzle leaves a column unqualified in a query of one table, which is ambiguous here.
  return sql<(RateBand[] | null)[] | null>`(select json_agg((select json_agg(json_build_object(
      'upToDays', b.up_to_days, 'monthlyRate', b.monthly_rate::text) order by b.up_to_days)
      from offer_bands b where b.offer_id = o.id) order by o.id)
    from offers o join program_funders pf on pf.program_id = o.program_id and pf.funder_id = o.funder_id
    where o.program_id = "programs"."id" and o.ended_at is null
      and (o.valid_until is null or o.valid_until > ${now}))`;
}

/** listOffersOf's answer from the program's house flag and currentFunderOfferBands' value. */
export function offersOfProgram(
  houseOffer: boolean,
  funderBands: readonly (RateBand[] | null)[] | null,
): { bands?: RateBand[] }[] {
  const funderOffers = (funderBands ?? []).map((bands) => ({ bands: bands as RateBand[] }));
  return houseOffer ? [{}, ...funderOffers] : funderOffers;
}

/** The program's own rate as an offer, shown with the buyer's name; last among equals (the latest instant). */
export function houseOffer(buyerName: string): OfferCandidate {
  return {
    offerId: 'house',
    funder: { id: null, name: buyerName, house: true },
    createdAt: new Date(8.64e15),
  };
}

/** An offer's bands in order, as JSON (rates as text, exact). */
const bandsOfOffer = sql<RateBand[]>`(select json_agg(json_build_object('upToDays', ${offerBands.upToDays},
  'monthlyRate', ${offerBands.monthlyRate}::text) order by ${offerBands.upToDays})
  from ${offerBands} where ${offerBands.offerId} = ${offers.id})`;

/** The program's offers not replaced nor withdrawn, and not past their end. */
function currentOffersOf(programId: number, now: Date) {
  return and(
    eq(offers.programId, programId),
    isNull(offers.endedAt),
    or(isNull(offers.validUntil), sql`${offers.validUntil} > ${now.toISOString()}`),
  );
}

/**
 * Locks the program's admissions until the claim's transaction ends, so that the claims at funders' offers in a
 * program, and the funders' posts there (offers.ts), run one at a time: the room a claim reads after this is
 * not taken by another meanwhile. A program without funders locks nothing.
 */
export async function lockFunderOffers(tx: Executor, programId: number): Promise<void> {
  await tx
    .select({ funderId: programFunders.funderId })
    .from(programFunders)
    .where(eq(programFunders.programId, programId))
    .orderBy(programFunders.funderId)
    .for('update');
}

/**
 * The credits priced at every offer that can take them all now: its bands cover every credit, no credit costs
 * more than its value, and its funder has room for their original values. Best first: the highest net; on a
 * tie the older offer, the house offer last.
 */
export function priceAtOffers(
  context: PricingContext,
  credits: readonly PricingCredit[],
  candidates: readonly OfferCandidate[],
): { offers: PricedAtOffer[]; refusals: unknown[] } {
  const total = credits.reduce((sum, credit) => sum + credit.originalValueCents, 0n);
  const priced: PricedAtOffer[] = [];
  const refusals: unknown[] = [];
  for (const candidate of candidates) {
    if (candidate.roomCents !== undefined && candidate.roomCents < total) continue;
    try {
      priced.push({ candidate, priced: priceAt(context, credits, candidate) });
    } catch (error) {
      if (!(error instanceof OutOfBandsError || error instanceof NegativeAnticipationError)) throw error;
      refusals.push(error);
    }
  }
  priced.sort(
    (a, b) =>
      compareBigint(b.priced.totals.anticipation, a.priced.totals.anticipation) ||
      a.candidate.createdAt.getTime() - b.candidate.createdAt.getTime() ||
      Number(a.candidate.offerId) - Number(b.candidate.offerId),
  );
  return { offers: priced, refusals };
}

/**
 * The offer a request or an estimate is priced at: the one named (409 error.offer.unavailable when it cannot
 * take the set), else the best. None can: the house offer's own refusal when it is the program's only offer (a
 * credit that costs more than its value: error.credit.invalid, as before funders), else 400 error.offer.none.
 */
export function chooseOffer(
  candidates: readonly OfferCandidate[],
  result: { offers: PricedAtOffer[]; refusals: unknown[] },
  named: OfferChoice | undefined,
): PricedAtOffer {
  const onlyHouse = candidates.length === 1 && candidates[0]!.offerId === 'house';
  // The program's own rate refusing a credit that costs more than its value: the credit's refusal, as before
  // funders, whether the house was named (the web app names the offer it showed) or not.
  const houseRefusesCredit = onlyHouse && result.refusals[0] instanceof NegativeAnticipationError;
  if (named !== undefined) {
    const found = result.offers.find((offer) => offer.candidate.offerId === named);
    if (found) return found;
    if (houseRefusesCredit && named === 'house') throw new AppError('error.credit.invalid');
    throw new AppError('error.offer.unavailable');
  }
  const best = result.offers[0];
  if (best) return best;
  if (houseRefusesCredit) throw new AppError('error.credit.invalid');
  throw new AppError('error.offer.none');
}

function priceAt(context: PricingContext, credits: readonly PricingCredit[], candidate: OfferCandidate) {
  return estimate({
    credits: credits.map((c) => ({ id: c.id, valueCents: c.originalValueCents, dueDate: c.expireDate })),
    requestDate: context.requestDate,
    daysToPay: context.daysToPay,
    program: context.rates,
    ...(candidate.bands && { bands: candidate.bands }),
    calendar: context.calendar,
  });
}

function compareBigint(a: bigint, b: bigint): number {
  return a === b ? 0 : a < b ? -1 : 1;
}
