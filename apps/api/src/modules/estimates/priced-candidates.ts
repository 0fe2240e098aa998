import type { Estimate } from '@portal/contract';
import { daysToMaturity, fromDayNumber } from '@portal/pricing';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { credits } from '../../db/schema';
import type { CallerProgramProvider } from '../access/caller-access';
import { bestOfferPricer, listPricingOf, type PricingOffer } from '../credits/credit-pricing';
import type { PricingContext } from '../pricing/pricing-context';
import { buildEstimate, type OfferPricing, programFinancialOf } from './build-estimate';
import { idArray, pricedCreditColumns, sortCredits } from './caller-credits';

/**
 * An eligible credit with its price now, in the shape automatic rules and the planner choose from: what the
 * supplier would receive for it (`netCents`), what is withheld (`costCents`), the days it runs and its own
 * effective monthly cost (docs/product/pricing-and-eligibility.md#estimate, for one credit).
 */
export type PricedCandidate = {
  id: number;
  expireDate: string;
  valueCents: bigint;
  netCents: bigint;
  costCents: bigint;
  days: number;
  /** (V / net)^(30 / days) − 1, a fraction; null when not defined (no days to run). */
  monthlyCost: number | null;
};

/** Where and when: a participation's eligible credits priced as of the context's instant. */
export type CandidateScope = {
  programProviderId: number;
  pricingFingerprint: string | null;
  context: PricingContext;
  /** The program refuses service credits without their invoice (error.credit.invoiceRequired): leave them out. */
  requireServiceInvoice: boolean;
  /** The offers pricing the program's credits now (offers/offer-pricing.ts's listOffersOf): each at its best. */
  offers: readonly PricingOffer[];
};

/**
 * Every eligible AVAILABLE credit of a participation with what an automatic rule filters on (days, value, own
 * monthly cost), priced as of the context's instant: readCandidateColumns, then one object per credit.
 */
export async function loadPricedCandidates(db: Database, scope: CandidateScope): Promise<PricedCandidate[]> {
  const columns = await readCandidateColumns(db, scope);
  const daysOf = daysByDueDate(scope.context);
  const candidates: PricedCandidate[] = [];
  for (let i = 0; i < columns.ids.length; i++) {
    const netCents = BigInt(columns.netCents[i]!);
    const costCents = BigInt(columns.costCents[i]!);
    const valueCents = netCents + costCents;
    const expireDate = fromDayNumber(columns.dueDays[i]!);
    const days = daysOf(expireDate);
    candidates.push({
      id: columns.ids[i]!,
      expireDate,
      valueCents,
      netCents,
      costCents,
      days,
      monthlyCost: monthlyCostOf(valueCents, netCents, days),
    });
  }
  return candidates;
}

/** Days to maturity, computed once per due date (many credits share one). */
function daysByDueDate(context: PricingContext) {
  const cache = new Map<string, number>();
  return (dueDate: string) => {
    let days = cache.get(dueDate);
    if (days === undefined) {
      days = daysToMaturity(context.paymentDate, dueDate, context.calendar);
      cache.set(dueDate, days);
    }
    return days;
  };
}

/** The estimate's effective monthly cost for one credit: a display rate, so a double is precise enough. */
export function monthlyCostOf(valueCents: bigint, netCents: bigint, days: number): number | null {
  if (days <= 0 || netCents <= 0n) return null;
  const cost = Math.expm1((30 / days) * Math.log1p(Number(valueCents - netCents) / Number(netCents)));
  return Number.isFinite(cost) ? cost : null;
}

/** The wire estimate of chosen candidates, priced again by the estimate's engine exactly as a request would be. */
export async function estimateOfChosen(
  db: Executor,
  input: { context: PricingContext; access: CallerProgramProvider; ids: readonly number[] } & OfferPricing,
): Promise<Estimate> {
  const rows = await db
    .select(pricedCreditColumns)
    .from(credits)
    .where(sql`${credits.id} = any(${idArray(input.ids)})`);
  const { program, programProvider } = input.access;
  return buildEstimate(input.context, sortCredits(rows), programFinancialOf(program, programProvider), input);
}

/**
 * A participation's eligible credits as columns: ids, net and cost in centavos (the planner's PlanColumns of
 * @portal/pricing), and each one's due date as a day number (days since 1970-01-01).
 */
export type CandidateColumns = {
  ids: Float64Array;
  netCents: Float64Array;
  costCents: Float64Array;
  dueDays: Float64Array;
};

/**
 * The one read of a participation's eligible credits, for the planner and the automatic rules
 * (docs/product/automation.md). The prices stored by the pricing pass are used where they are this payment date's
 * and these rates' (the participation's fingerprint); PostgreSQL sends those as one block of fixed-width binary
 * records read straight into columns, with no row object, text or bigint per credit: a plan reads every credit
 * of the participation, and an object per credit would cost it time and garbage
 * (docs/decisions/api-speed.md#planner-reader). A credit not priced for this payment date yet (just imported or
 * released) comes in the same scan with its value and is priced here by the same engine, so the answer never
 * depends on how far the pass has got. A credit whose costs reach its value (anticipation 0) is no candidate,
 * nor is one a request would refuse (a service credit without its invoice where the program requires it).
 */
export async function readCandidateColumns(db: Database, scope: CandidateScope): Promise<CandidateColumns> {
  const pricing = listPricingOf(scope.context, scope.offers);
  const storedUsable = scope.pricingFingerprint === pricing.fingerprint;
  const invoiceRule = scope.requireServiceInvoice ? `and (kind = 'GOODS' or invoice_uploaded)` : '';
  const where = `program_provider_id = $1 and status = 'AVAILABLE' and expire_date >= $2 ${invoiceRule}`;
  // $4: the stored prices are this payment date's and these rates' (else every credit is priced here).
  const values = [scope.programProviderId, scope.context.eligibleFrom, pricing.paymentDate, storedUsable];
  const dueDay = `int4send(expire_date - date '1970-01-01')`;
  const isStored = `$4 and priced_for is not distinct from $3::date`;
  // One scan, one snapshot: the stored prices as records of (id int4, net int8, cost int8, due day int4), and
  // the credits the pass has not priced yet as (id int4, value int8, due day int4), priced below; each column
  // in PostgreSQL's binary form (big-endian), each block one bytea (which pg hands over as a Buffer). A credit
  // stored at anticipation 0 is in neither: it is no candidate.
  const result = await db.$client.query<{
    n: number;
    figures: Buffer | null;
    un: number;
    unpriced: Buffer | null;
  }>({
    text: `select
        count(*) filter (where ${isStored} and anticipation_cents > 0)::int as n,
        string_agg(int4send(id) || int8send(anticipation_cents) || int8send(discounted_cents) || ${dueDay},
          ''::bytea) filter (where ${isStored} and anticipation_cents > 0) as figures,
        count(*) filter (where not (${isStored}))::int as un,
        string_agg(int4send(id) || int8send(original_value_cents) || ${dueDay}, ''::bytea)
          filter (where not (${isStored})) as unpriced
      from credits where ${where}`,
    values,
  });
  const [row] = result.rows;
  const stored = { n: row?.n ?? 0, records: row?.figures ?? EMPTY };
  const unpriced = { n: row?.un ?? 0, records: row?.unpriced ?? EMPTY };
  const size = stored.n + unpriced.n;
  const columns: CandidateColumns = {
    ids: new Float64Array(size),
    netCents: new Float64Array(size),
    costCents: new Float64Array(size),
    dueDays: new Float64Array(size),
  };
  const { ids, netCents, costCents, dueDays } = columns;
  const priced = readRecords(
    stored.records,
    [
      [ids, 4],
      [netCents, 8],
      [costCents, 8],
      [dueDays, 4],
    ],
    0,
  );
  // The unpriced credits' values go into netCents for now; each is replaced by its net as it is priced.
  const end =
    priced +
    readRecords(
      unpriced.records,
      [
        [ids, 4],
        [netCents, 8],
        [dueDays, 4],
      ],
      priced,
    );
  // At the best offer that covers it, as the list and the pass price it (never the house's rate alone).
  const anticipationOf = bestOfferPricer(pricing);
  const daysOf = daysByDueDay(scope.context);
  let next = priced;
  for (let i = priced; i < end; i++) {
    const valueCents = netCents[i]!;
    const net = anticipationOf(valueCents, daysOf(dueDays[i]!));
    // A credit whose costs reach its value is no candidate (the list shows it at anticipation 0).
    if (net <= 0) continue;
    ids[next] = ids[i]!;
    netCents[next] = net;
    costCents[next] = valueCents - net;
    dueDays[next] = dueDays[i]!;
    next += 1;
  }
  // Credits priced here at 0 were counted in `size`: the columns end where the candidates do.
  return {
    ids: ids.subarray(0, next),
    netCents: netCents.subarray(0, next),
    costCents: costCents.subarray(0, next),
    dueDays: dueDays.subarray(0, next),
  };
}

const EMPTY = Buffer.alloc(0);
const TWO_TO_32 = 2 ** 32;

/**
 * Fixed-width records of big-endian integers (PostgreSQL's binary int4 and int8) into `fields` in turn, from
 * index `from` on; answers how many records it read. An int8 is read as its two halves, exact below 2^53 (a
 * centavo amount of R$ 90 trillion).
 */
export function readRecords(
  bytes: Buffer,
  fields: readonly (readonly [Float64Array, 4 | 8])[],
  from: number,
): number {
  const width = fields.reduce((sum, [, size]) => sum + size, 0);
  const count = Math.floor(bytes.length / width);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  for (let record = from; record < from + count; record++) {
    for (const [column, size] of fields) {
      column[record] =
        size === 4 ? view.getInt32(offset) : view.getInt32(offset) * TWO_TO_32 + view.getUint32(offset + 4);
      offset += size;
    }
  }
  return count;
}

/** Days to maturity by due day number, computed once per due date (many credits share one). */
function daysByDueDay(context: PricingContext) {
  const cache = new Map<number, number>();
  return (day: number) => {
    let days = cache.get(day);
    if (days === undefined) {
      days = daysToMaturity(context.paymentDate, fromDayNumber(day), context.calendar);
      cache.set(day, days);
    }
    return days;
  };
}
