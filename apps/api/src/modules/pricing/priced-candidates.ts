import type { Estimate } from '@portal/contract';
import { daysToMaturity } from '@portal/pricing';
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
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

/**
 * Every eligible AVAILABLE credit of a participation, priced as of the context's instant. The prices stored by
 * the pricing pass are used where they are this payment date's and these rates' (the participation's
 * fingerprint): 100,000 credits read in one query instead of priced one by one (about 0.4 s). A credit not
 * priced yet (just imported or released) is priced here by the same engine, so the answer never depends on
 * how far the pass has got. A credit whose costs exceed its value (anticipation 0) is no candidate, nor is one
 * a request would refuse (a service credit without its invoice where the program requires it).
 */
export async function loadPricedCandidates(
  db: Executor,
  input: {
    programProviderId: number;
    pricingFingerprint: string | null;
    context: PricingContext;
    /** The program refuses service credits without their invoice (error.credit.invoiceRequired): leave them out. */
    requireServiceInvoice: boolean;
  },
): Promise<PricedCandidate[]> {
  const pricing = listPricingOf(input.context);
  const storedUsable = input.pricingFingerprint === pricing.fingerprint;
  const rows = await db
    .select({
      id: credits.id,
      expireDate: credits.expireDate,
      valueCents: credits.originalValueCents,
      pricedFor: credits.pricedFor,
      anticipationCents: credits.anticipationCents,
    })
    .from(credits)
    .where(
      and(
        eq(credits.programProviderId, input.programProviderId),
        eq(credits.status, 'AVAILABLE'),
        gte(credits.expireDate, input.context.eligibleFrom),
        input.requireServiceInvoice
          ? or(eq(credits.kind, 'GOODS'), eq(credits.invoiceUploaded, true))
          : undefined,
      ),
    )
    .orderBy(asc(credits.expireDate), asc(credits.id));
  const price = createCreditPricer(pricing);
  const daysOf = daysByDueDate(input.context);
  const candidates: PricedCandidate[] = [];
  for (const row of rows) {
    const stored = storedUsable && row.pricedFor === pricing.paymentDate ? row.anticipationCents : null;
    const netCents = stored ?? price(row.valueCents, row.expireDate).anticipationCents;
    if (netCents <= 0n) continue;
    const days = daysOf(row.expireDate);
    candidates.push({
      id: row.id,
      expireDate: row.expireDate,
      valueCents: row.valueCents,
      netCents,
      costCents: row.valueCents - netCents,
      days,
      monthlyCost: monthlyCostOf(row.valueCents, netCents, days),
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

/** The planner's credits as columns (PlanColumns of @portal/pricing): ids, net and cost in centavos. */
export type PlanCandidates = { ids: Float64Array; netCents: Float64Array; costCents: Float64Array };

/**
 * The planner's read of every eligible credit (docs/product/automation.md#planner): only id, net and cost, as
 * stored by the pricing pass for this payment date and these rates. PostgreSQL sends them as one text of
 * numbers that is parsed straight into three columns: no row object or bigint per credit, so 100,000 credits
 * cost about 80 ms and a few MB instead of 300 ms and tens of MB of garbage (docs/performance.md#planner).
 * Credits not priced for this payment date yet are read apart and priced here by the same engine, as
 * loadPricedCandidates does.
 */
export async function loadPlanCandidates(
  db: Database,
  input: Parameters<typeof loadPricedCandidates>[1],
): Promise<PlanCandidates> {
  const pricing = listPricingOf(input.context);
  const storedUsable = input.pricingFingerprint === pricing.fingerprint;
  const invoiceRule = input.requireServiceInvoice ? `and (kind = 'GOODS' or invoice_uploaded)` : '';
  const scope = `program_provider_id = $1 and status = 'AVAILABLE' and expire_date >= $2 ${invoiceRule}`;
  const values = [input.programProviderId, input.context.eligibleFrom, pricing.paymentDate];
  const stored = storedUsable
    ? await db.$client.query<{ n: number; figures: string | null }>({
        text: `select count(*)::int as n, string_agg(id || ' ' || anticipation_cents || ' ' || discounted_cents, ' ')
          as figures from credits where ${scope} and priced_for = $3 and anticipation_cents > 0`,
        values,
      })
    : undefined;
  const unpriced = await db.$client.query<[number, string, string]>({
    text: `select id, original_value_cents::text, expire_date::text from credits where ${scope}
      ${storedUsable ? 'and (priced_for is null or priced_for < $3 or priced_for > $3)' : 'and $3::date is not null'}`,
    values,
    rowMode: 'array',
  });
  const storedCount = stored?.rows[0]?.n ?? 0;
  const size = storedCount + unpriced.rows.length;
  const columns = {
    ids: new Float64Array(size),
    netCents: new Float64Array(size),
    costCents: new Float64Array(size),
  };
  let next = parseTriples(stored?.rows[0]?.figures ?? '', columns);
  const price = createCreditPricer(pricing);
  for (const [id, value, expireDate] of unpriced.rows) {
    const valueCents = BigInt(value);
    const { anticipationCents } = price(valueCents, expireDate);
    columns.ids[next] = id;
    columns.netCents[next] = Number(anticipationCents);
    columns.costCents[next] = Number(valueCents - anticipationCents);
    next += 1;
  }
  return columns;
}

/** "id net cost id net cost …" (whole numbers, single spaces) into the columns; answers how many it read. */
function parseTriples(text: string, columns: PlanCandidates): number {
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
    if (field === 0) columns.ids[count] = value;
    else if (field === 1) columns.netCents[count] = value;
    else {
      columns.costCents[count] = value;
      count += 1;
    }
    field = (field + 1) % 3;
    value = 0;
  }
  return count;
}
