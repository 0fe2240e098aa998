import { centsToWire, type ImportFile, moneyStringToCents } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { batchCredits, credits } from '../../db/schema';
import { notifyCompaniesInDigest } from '../inbox/notify';
import { addCounts, type Counts, chunks, type ImportContext } from './import-context';
import { loadProgramProviders } from './program-providers';
import { markProvidersStale } from './repricing';

/**
 * Rows per statement. Each column travels as one array parameter (`unnest`), so a statement has 14
 * parameters whatever its size; building and parsing a 14,000-parameter VALUES list cost ten times more.
 */
const CHUNK = 5_000;

/**
 * Credits by (organization, ref), in multi-row upserts. Each copies its buyer's name (the list sorts by it)
 * and loses its cached price. Two things an import never undoes: the status of a credit held by a live batch
 * (the batch owns it until paid or rejected) and an uploaded invoice. The credits it creates AVAILABLE are
 * news for the company's users: one CREDITS_ARRIVED notice per program provider, one e-mail per user (unless
 * `notify` is off).
 */
export async function importCredits(ctx: ImportContext, entries: ImportFile['credits']): Promise<Counts> {
  if (entries.length === 0) return { created: 0, updated: 0 };
  const started = Date.now();
  const providers = await loadProgramProviders(
    ctx,
    entries.map((c) => c.programProvider),
  );
  const resolved = entries.map((credit, i) =>
    providers.find(
      credit.programProvider,
      ['credits', i, 'programProvider'],
      ctx.fileOrganizationOf.programProvider.get(credit.programProvider),
    ),
  );
  let counts: Counts = { created: 0, updated: 0 };
  const arrivals = new Map<number, Arrival>();
  for (const [start, chunk] of chunks(entries, CHUNK)) {
    const providerOf = (i: number) => resolved[start + i]!;
    const columns: [PgColumn, string, unknown[]][] = [
      [credits.organizationId, 'int4', chunk.map((_, i) => providerOf(i).organizationId)],
      [credits.ref, 'text', chunk.map((c) => c.ref)],
      [credits.programProviderId, 'int4', chunk.map((_, i) => providerOf(i).id)],
      [credits.nfNumber, 'text', chunk.map((c) => c.nfNumber)],
      [credits.nfSerial, 'text', chunk.map((c) => c.nfSerial)],
      [credits.installmentNumber, 'int4', chunk.map((c) => c.installmentNumber)],
      [credits.orderDetail, 'text', chunk.map((c) => c.orderDetail)],
      [credits.buyerName, 'text', chunk.map((_, i) => providerOf(i).buyerName)],
      [credits.issueDate, 'date', chunk.map((c) => c.issueDate)],
      [credits.expireDate, 'date', chunk.map((c) => c.expireDate)],
      [credits.originalValueCents, 'int8', chunk.map((c) => moneyStringToCents(c.originalValue))],
      [credits.kind, 'text', chunk.map((c) => c.kind)],
      [credits.status, 'text', chunk.map((c) => c.status)],
      [credits.invoiceUploaded, 'bool', chunk.map((c) => c.invoiceUploaded)],
    ];
    const result = await ctx.tx.execute<UpsertedRow>(upsert(columns));
    for (const row of result.rows) {
      counts = addCounts(counts, { created: row.created, updated: row.total - row.created });
      const arrival = arrivals.get(row.programProviderId) ?? { count: 0, cents: 0n };
      arrival.count += row.arrived;
      arrival.cents += BigInt(row.arrivedCents);
      arrivals.set(row.programProviderId, arrival);
    }
  }
  await markProvidersStale(
    ctx,
    resolved.map((provider) => provider.id),
  );
  if (ctx.notify) await notifyArrivals(ctx, arrivals, resolved);
  ctx.log(`credits: ${entries.length} in ${Date.now() - started} ms`);
  return counts;
}

/** Per program provider of a statement: rows written, rows created, and the AVAILABLE ones among them. */
type UpsertedRow = {
  programProviderId: number;
  total: number;
  created: number;
  arrived: number;
  arrivedCents: string;
};
type Arrival = { count: number; cents: bigint };
type Provider = {
  id: number;
  organizationId: number;
  companyId: number;
  status: string;
  programName: string;
};

/**
 * One notice per program provider that got new AVAILABLE credits (docs/import-format.md#notifications): the
 * company's users read how many, in which program, for how much. A REMOVED participation is gone for the
 * supplier, so it tells nobody. Each user gets one e-mail for the whole import, naming every program
 * (docs/product/operations.md#mail), however many companies and programs they take part in.
 */
async function notifyArrivals(
  ctx: ImportContext,
  arrivals: ReadonlyMap<number, Arrival>,
  providers: readonly Provider[],
) {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  const notices = [...arrivals].flatMap(([programProviderId, arrival]) => {
    const provider = byId.get(programProviderId);
    if (!provider || arrival.count === 0 || provider.status === 'REMOVED') return [];
    return [
      {
        organizationId: provider.organizationId,
        companyId: provider.companyId,
        batchId: null,
        params: {
          count: arrival.count,
          programName: provider.programName,
          value: centsToWire(arrival.cents),
        },
        now: ctx.now,
      },
    ];
  });
  await notifyCompaniesInDigest(ctx.tx, 'CREDITS_ARRIVED', notices);
}

function upsert(columns: [PgColumn, string, unknown[]][]): SQL {
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const copied = ['organization_id', 'ref', 'status', 'invoice_uploaded'];
  const updates = columns
    .map(([column]) => column.name)
    .filter((name) => !copied.includes(name))
    .map((name) => sql`${sql.identifier(name)} = excluded.${sql.identifier(name)}`);
  return sql`
    with upserted as (
      insert into ${credits} (${names})
      select * from unnest(${arrays})
      on conflict (organization_id, ref) do update set
        ${sql.join(updates, sql`, `)},
        status = case when exists (
          select 1 from ${batchCredits} where ${batchCredits.creditId} = ${credits.id} and ${batchCredits.live}
        ) then ${credits.status} else excluded.status end,
        invoice_uploaded = ${credits.invoiceUploaded} or excluded.invoice_uploaded,
        priced_for = null, discounted_cents = null, anticipation_cents = null
      returning (xmax = 0) as inserted, program_provider_id, status, original_value_cents
    )
    select program_provider_id as "programProviderId", count(*)::int as total,
      (count(*) filter (where inserted))::int as created,
      (count(*) filter (where inserted and status = 'AVAILABLE'))::int as arrived,
      coalesce(sum(original_value_cents) filter (where inserted and status = 'AVAILABLE'), 0)::text
        as "arrivedCents"
    from upserted group by program_provider_id`;
}
