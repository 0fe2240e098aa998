import type { CreditSortKey, SortDirection } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { PricedRange } from './credit-repricing';

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
  /** The program provider's AVAILABLE credits (kept by triggers), to walk a late page from the end. */
  total: number;
};

export type CreditPageRow = {
  id: number;
  nfNumber: string;
  nfSerial: string;
  buyerName: string;
  orderDetail: string | null;
  installmentNumber: number;
  expireDate: string;
  originalValueCents: bigint;
  kind: 'GOODS' | 'SERVICE';
  invoiceUploaded: boolean;
};

type Row = PricedRange &
  ({ [K in keyof CreditPageRow]: CreditPageRow[K] } | { [K in keyof CreditPageRow]: null });

/**
 * A page of AVAILABLE credits in `key` order, ties by id in the same direction, and the priced_for range of
 * the program provider (the staleness probes), in one round trip. The page's ids come from an index-only
 * walk of the key's partial index (OFFSET skips index entries, not table rows), then only the page's own
 * rows are read. A page past the middle is walked from the other end of the index, in the opposite
 * direction, so no page skips more than half of the list.
 */
export async function readCreditPage(db: Executor, query: PageQuery) {
  const { programProviderId, key, direction, offset, size, total } = query;
  const limit = Math.max(0, Math.min(size, total - offset));
  const fromEnd = offset > total - offset - limit;
  const walk = sql.raw(fromEnd === (direction === 'asc') ? 'desc' : 'asc');
  const order = sql.raw(direction);
  const column = sql.identifier(sortColumns[key]);
  const available = sql`program_provider_id = ${programProviderId} and status = 'AVAILABLE'`;
  const result = await db.execute<Row>(sql`
    with page_ids as (
      select id from credits where ${available}
      order by ${column} ${walk}, id ${walk}
      limit ${limit} offset ${limit === 0 ? 0 : fromEnd ? total - offset - limit : offset}
    ), priced as (
      select
        (select k.priced_for::text from credits k where ${available} order by k.priced_for asc limit 1) as oldest,
        (select k.priced_for::text from credits k where ${available} order by k.priced_for desc limit 1) as newest
    )
    select priced.oldest, priced.newest, c.id, c.nf_number as "nfNumber", c.nf_serial as "nfSerial",
      c.buyer_name as "buyerName", c.order_detail as "orderDetail", c.installment_number as "installmentNumber",
      c.expire_date::text as "expireDate", c.original_value_cents as "originalValueCents", c.kind,
      c.invoice_uploaded as "invoiceUploaded"
    from priced left join (page_ids join credits c on c.id = page_ids.id) on true
    order by c.${column} ${order}, c.id ${order}`);
  const [first] = result.rows;
  const range: PricedRange = { oldest: first?.oldest ?? null, newest: first?.newest ?? null };
  const rows = result.rows.flatMap(({ oldest: _o, newest: _n, ...row }) => (row.id === null ? [] : [row]));
  return { range, rows };
}
