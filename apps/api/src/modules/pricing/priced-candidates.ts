import type { Estimate } from '@portal/contract';
import { daysToMaturity, fromDayNumber, toDayNumber } from '@portal/pricing';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { credits } from '../../db/schema';
import type { CallerProgramProvider } from '../access/caller-access';
import { createCreditPricer, listPricingOf } from '../credits/credit-pricing';
import { buildEstimate, programFinancialOf } from '../estimates/build-estimate';
import { idArray, pricedCreditColumns, sortCredits } from '../estimates/caller-credits';
import type { PricingContext } from './pricing-context';

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
  input: { context: PricingContext; access: CallerProgramProvider; ids: readonly number[] },
): Promise<Estimate> {
  const rows = await db
    .select(pricedCreditColumns)
    .from(credits)
    .where(sql`${credits.id} = any(${idArray(input.ids)})`);
  const { program, programProvider } = input.access;
  return buildEstimate(input.context, sortCredits(rows), programFinancialOf(program, programProvider));
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
 * and these rates' (the participation's fingerprint); PostgreSQL sends those as one text of numbers parsed
 * straight into columns: no row object or bigint per credit, so 100,000 credits cost about 80 ms and a few MB
 * instead of 300 ms and tens of MB of garbage (docs/performance.md#planner). A credit not priced for this payment
 * date yet (just imported or released) is read apart and priced here by the same engine, so the answer never
 * depends on how far the pass has got. A credit whose costs reach its value (anticipation 0) is no candidate,
 * nor is one a request would refuse (a service credit without its invoice where the program requires it).
 */
export async function readCandidateColumns(db: Database, scope: CandidateScope): Promise<CandidateColumns> {
  const pricing = listPricingOf(scope.context);
  const storedUsable = scope.pricingFingerprint === pricing.fingerprint;
  const invoiceRule = scope.requireServiceInvoice ? `and (kind = 'GOODS' or invoice_uploaded)` : '';
  const where = `program_provider_id = $1 and status = 'AVAILABLE' and expire_date >= $2 ${invoiceRule}`;
  const values = [scope.programProviderId, scope.context.eligibleFrom, pricing.paymentDate];
  const stored = storedUsable
    ? await db.$client.query<{ n: number; figures: string | null }>({
        text: `select count(*)::int as n, string_agg(id || ' ' || anticipation_cents || ' ' || discounted_cents
            || ' ' || (expire_date - date '1970-01-01'), ' ') as figures
          from credits where ${where} and priced_for = $3 and anticipation_cents > 0`,
        values,
      })
    : undefined;
  const unpriced = await db.$client.query<[number, string, string]>({
    text: `select id, original_value_cents::text, expire_date::text from credits where ${where}
      ${storedUsable ? 'and (priced_for is null or priced_for < $3 or priced_for > $3)' : 'and $3::date is not null'}`,
    values,
    rowMode: 'array',
  });
  const size = (stored?.rows[0]?.n ?? 0) + unpriced.rows.length;
  const columns: CandidateColumns = {
    ids: new Float64Array(size),
    netCents: new Float64Array(size),
    costCents: new Float64Array(size),
    dueDays: new Float64Array(size),
  };
  let next = parseFigures(stored?.rows[0]?.figures ?? '', columns);
  const price = createCreditPricer(pricing);
  for (const [id, value, expireDate] of unpriced.rows) {
    const valueCents = BigInt(value);
    const { anticipationCents } = price(valueCents, expireDate);
    if (anticipationCents <= 0n) continue;
    columns.ids[next] = id;
    columns.netCents[next] = Number(anticipationCents);
    columns.costCents[next] = Number(valueCents - anticipationCents);
    columns.dueDays[next] = toDayNumber(expireDate);
    next += 1;
  }
  // Credits priced here at 0 were counted in `size`: the columns end where the candidates do.
  return {
    ids: columns.ids.subarray(0, next),
    netCents: columns.netCents.subarray(0, next),
    costCents: columns.costCents.subarray(0, next),
    dueDays: columns.dueDays.subarray(0, next),
  };
}

/** "id net cost day id net cost day …" (whole numbers, single spaces) into the columns; answers how many. */
function parseFigures(text: string, columns: CandidateColumns): number {
  const fields = [columns.ids, columns.netCents, columns.costCents, columns.dueDays];
  let count = 0;
  let field = 0;
  let value = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code !== 32) {
      value = value * 10 + (code - 48);
      continue;
    }
    if (i === 0) break;
    fields[field]![count] = value;
    field += 1;
    if (field === fields.length) {
      field = 0;
      count += 1;
    }
    value = 0;
  }
  return count;
}
