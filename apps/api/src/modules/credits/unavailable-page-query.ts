import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { CreditFactsRow } from './credit-facts';

export type UnavailablePageQuery = {
  programProviderId: number;
  /** Credits due before it cannot be advanced now (eligibility): the AVAILABLE ones among them are listed. */
  eligibleFrom: string;
  offset: number;
  size: number;
};

export type UnavailableRow = CreditFactsRow & {
  status: 'AVAILABLE' | 'UNAVAILABLE';
};

const columns = sql`id, nf_number, nf_serial, buyer_name, order_detail, installment_number, expire_date,
  original_value_cents, kind, status`;

/**
 * One page (and one row more, to tell whether another follows) of the program provider's credits that cannot
 * be advanced, by due date then id: the AVAILABLE ones due before `eligibleFrom`, walked in order on the
 * (pp, expire_date, id) partial index, merged with the UNAVAILABLE ones, found on (pp, status, id) and sorted
 * (a buyer withdraws few credits). Each side stops at the page's end, so no page reads more than
 * offset + size + 1 rows of either, and nothing is counted.
 */
export async function readUnavailablePage(db: Executor, query: UnavailablePageQuery) {
  const { programProviderId, eligibleFrom, offset, size } = query;
  const reach = offset + size + 1;
  const result = await db.execute<UnavailableRow>(sql`
    select id, nf_number as "nfNumber", nf_serial as "nfSerial", buyer_name as "buyerName",
      order_detail as "orderDetail", installment_number as "installmentNumber",
      expire_date::text as "expireDate", original_value_cents as "originalValueCents", kind, status
    from (
      (select ${columns} from credits
        where program_provider_id = ${programProviderId} and status = 'AVAILABLE'
          and expire_date < ${eligibleFrom}::date
        order by expire_date, id limit ${reach})
      union all
      (select ${columns} from credits
        where program_provider_id = ${programProviderId} and status = 'UNAVAILABLE'
        order by expire_date, id limit ${reach})
    ) unavailable
    order by expire_date, id
    limit ${size + 1} offset ${offset}`);
  return { rows: result.rows.slice(0, size), hasMore: result.rows.length > size };
}
