import type { Estimate } from '@portal/contract';
import { anticipationPricer, daysToMaturity, fromDayNumber } from '@portal/pricing';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { credits } from '../../db/schema';
import type { CallerProgramProvider } from '../access/caller-access';
import { listPricingOf } from '../credits/credit-pricing';
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
 * straight into columns, with no row object or bigint per credit: a plan reads every credit of the
 * participation, and an object per credit would cost it time and garbage (docs/performance.md#planner-reader).
 * A credit not priced for this payment date yet (just imported or released) comes in the same scan with its
 * value and is priced here by the same engine, so the answer never depends on how far the pass has got. A
 * credit whose costs reach its value (anticipation 0) is no candidate, nor is one a request would refuse (a
 * service credit without its invoice where the program requires it).
 */
export async function readCandidateColumns(db: Database, scope: CandidateScope): Promise<CandidateColumns> {
  const pricing = listPricingOf(scope.context);
  const storedUsable = scope.pricingFingerprint === pricing.fingerprint;
  const invoiceRule = scope.requireServiceInvoice ? `and (kind = 'GOODS' or invoice_uploaded)` : '';
  const where = `program_provider_id = $1 and status = 'AVAILABLE' and expire_date >= $2 ${invoiceRule}`;
  // $4: the stored prices are this payment date's and these rates' (else every credit is priced here).
  const values = [scope.programProviderId, scope.context.eligibleFrom, pricing.paymentDate, storedUsable];
  const dueDay = `(expire_date - date '1970-01-01')`;
  const isStored = `$4 and priced_for is not distinct from $3::date`;
  // One scan, one snapshot: the stored prices as a text of numbers (id, net, cost, due day), and the same for
  // the credits the pass has not priced yet (id, value, due day), priced below. A credit stored at
  // anticipation 0 is in neither: it is no candidate.
  const result = await db.$client.query<{
    n: number;
    figures: string | null;
    un: number;
    unpriced: string | null;
  }>({
    text: `select
        count(*) filter (where ${isStored} and anticipation_cents > 0)::int as n,
        string_agg(id || ' ' || anticipation_cents || ' ' || discounted_cents || ' ' || ${dueDay}, ' ')
          filter (where ${isStored} and anticipation_cents > 0) as figures,
        count(*) filter (where not (${isStored}))::int as un,
        string_agg(id || ' ' || original_value_cents || ' ' || ${dueDay}, ' ') filter (where not (${isStored}))
          as unpriced
      from credits where ${where}`,
    values,
  });
  const [row] = result.rows;
  const stored = { n: row?.n ?? 0, figures: row?.figures ?? '' };
  const unpriced = { n: row?.un ?? 0, figures: row?.unpriced ?? '' };
  const size = stored.n + unpriced.n;
  const columns: CandidateColumns = {
    ids: new Float64Array(size),
    netCents: new Float64Array(size),
    costCents: new Float64Array(size),
    dueDays: new Float64Array(size),
  };
  const { ids, netCents, costCents, dueDays } = columns;
  const priced = parseFigures(stored.figures, [ids, netCents, costCents, dueDays], 0);
  // The unpriced credits' values go into netCents for now; each is replaced by its net as it is priced.
  const end = priced + parseFigures(unpriced.figures, [ids, netCents, dueDays], priced);
  const anticipationOf = anticipationPricer(scope.context.rates);
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

/**
 * Whole numbers separated by single spaces ("id net cost day id net cost day …") into `fields` in turn, from
 * index `from` on; answers how many records it read.
 */
function parseFigures(text: string, fields: Float64Array[], from: number): number {
  let count = from;
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
  return count - from;
}
