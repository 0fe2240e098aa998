import type { CreditSortKey, SortDirection } from '@portal/contract';
import type { Database } from '../../db/client';
import type { CreditFactsRow } from './credit-facts';

/** Each sort key of the contract on its column; each has a partial index (pp, column, id) for AVAILABLE. */
const sortColumns = {
  nfNumber: 'nf_number',
  nfSerial: 'nf_serial',
  'importedDocuments.buyer.name': 'buyer_name',
  installmentNumber: 'installment_number',
  expireDate: 'expire_date',
  value: 'original_value_cents',
  'creditEstimate.total': 'anticipation_cents',
} as const satisfies Record<CreditSortKey, string>;

export type PageQuery = {
  programProviderId: number;
  key: CreditSortKey;
  direction: SortDirection;
  offset: number;
  size: number;
  /** Credits due before it cannot be advanced now (eligibility): they are not in the list. */
  eligibleFrom: string;
  /**
   * How many credits the list holds, as far as the caller knows, to walk a late page from the end. The
   * query answers the exact count (`total`); a page walked from the end with another count is read again.
   */
  total: number;
};

export type CreditPageRow = CreditFactsRow & {
  invoiceUploaded: boolean;
  /** The access key of the credit's latest checked electronic invoice, or null. */
  invoiceKey: string | null;
};

type Row = { total: number } & (
  | { [K in keyof CreditPageRow]: CreditPageRow[K] }
  | { [K in keyof CreditPageRow]: null }
);

/**
 * A page of the eligible AVAILABLE credits in `key` order, ties by id in the same direction, and their exact
 * count. The page's ids come from an index-only walk of the key's partial index (OFFSET skips index entries,
 * not table rows; the due date is in every such index for the eligibility filter), then only the page's own
 * rows are read. A page past the middle is walked from the other end of the index, in the opposite
 * direction, so no page skips more than half of the list; that walk needs the exact count, so with a count
 * that was off (credits that fell out of eligibility since the triggers' count) the page is read once more.
 * One round trip otherwise.
 */
export async function readCreditPage(db: Database, query: PageQuery) {
  const first = await readPageOnce(db, query);
  if (!first.walkedFromEnd || first.total === query.total) return first;
  return readPageOnce(db, { ...query, total: first.total });
}

async function readPageOnce(db: Database, query: PageQuery) {
  const { programProviderId, key, direction, offset, size, total, eligibleFrom } = query;
  const limit = Math.max(0, Math.min(size, total - offset));
  const fromEnd = offset > total - offset - limit;
  const walk = fromEnd === (direction === 'asc') ? 'desc' : 'asc';
  const skip = limit === 0 ? 0 : fromEnd ? total - offset - limit : offset;
  // A named prepared statement per order and walk (28), on the pool whose sessions plan each once and keep
  // that plan (db/client.ts): parsed and planned once per connection instead of on every page
  // (docs/decisions/api-speed.md#generic-page-plans).
  const result = await db.$pagePool.query<Row>({
    name: `credit_page_${sortColumns[key]}_${walk}_${direction}`,
    text: pageStatement(sortColumns[key], walk, direction),
    values: [programProviderId, eligibleFrom, limit, skip],
  });
  const [first] = result.rows;
  const rows = result.rows.flatMap(({ total: _t, ...row }) => (row.id === null ? [] : [row]));
  return { rows, total: Number(first?.total ?? 0), walkedFromEnd: fromEnd && limit > 0 };
}

/**
 * $1 program provider, $2 first eligible due date, $3 limit, $4 offset; the column is one of sortColumns.
 * Planned once for any limit and offset, so its shape must hold for all of them: the page's rows are read by
 * id, one index probe each, in a LATERAL subquery that `offset 0` keeps from being merged into a join (a plan
 * made without knowing the limit expects a tenth of the table and would hash-join the whole of `credits`).
 */
function pageStatement(column: string, walk: SortDirection, order: SortDirection) {
  const available = `program_provider_id = $1 and status = 'AVAILABLE'`;
  return `
    with page_ids as (
      select id from credits where ${available} and expire_date >= $2::date
      order by ${column} ${walk}, id ${walk}
      limit $3 offset $4
    ), counted as (
      select (select pp.available_credits from program_providers pp where pp.id = $1)
        - (select count(*) from credits k where ${available} and k.expire_date < $2::date)::int
        as total
    )
    select counted.total, c.id, c.nf_number as "nfNumber", c.nf_serial as "nfSerial",
      c.buyer_name as "buyerName", c.order_detail as "orderDetail", c.installment_number as "installmentNumber",
      c.expire_date::text as "expireDate", c.original_value_cents as "originalValueCents", c.kind,
      c.invoice_uploaded as "invoiceUploaded",
      (select ci.access_key from credit_invoices ci where ci.credit_id = c.id and ci.access_key is not null
        order by ci.id desc limit 1) as "invoiceKey"
    from counted left join (
      page_ids cross join lateral (select * from credits x where x.id = page_ids.id offset 0) c
    ) on true
    order by c.${column} ${order}, c.id ${order}`;
}
