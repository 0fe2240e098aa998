import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';

/**
 * What must hold for the batches of some program providers whatever happened before (races, crashes,
 * outages), as a list of violations, empty when all is well:
 * - no credit is in two live batches;
 * - a live batch (REQUESTED or PAID) holds, live, exactly the credits of the estimate it froze, each REQUESTED (or PAID);
 * - its net and original values are the sums of its rows (money, integer centavos);
 * - it has its audit row.
 */
export async function batchInvariantViolations(db: Executor, programProviderIds: number[]) {
  const pps = sql`${sql.param(programProviderIds)}::int[]`;
  const { rows } = await db.execute<{ violation: string }>(sql`
    with scoped as (select * from batches where program_provider_id = any(${pps})),
    frozen as (
      select b.id as batch_id, (e->>'id')::int as credit_id
      from scoped b, jsonb_array_elements(b.estimate->'creditEstimates') e
      where b.status in ('REQUESTED', 'PAID')
    ),
    live as (
      select bc.* from batch_credits bc join scoped b on b.id = bc.batch_id where bc.live
    )
    select 'credit ' || credit_id || ' is in ' || count(*) || ' live batches' as violation
      from batch_credits where live and credit_id in (select credit_id from live)
      group by credit_id having count(*) > 1
    union all
    select 'batch ' || coalesce(f.batch_id, l.batch_id) || ' froze credit ' || coalesce(f.credit_id, l.credit_id)
        || case when l.batch_id is null then ' but does not hold it' else ' it never priced' end
      from frozen f full join live l on l.batch_id = f.batch_id and l.credit_id = f.credit_id
      where f.batch_id is null or l.batch_id is null
    union all
    select 'credit ' || c.id || ' of live batch ' || l.batch_id || ' is ' || c.status
      from live l join credits c on c.id = l.credit_id where c.status not in ('REQUESTED', 'PAID')
    union all
    select 'batch ' || b.id || ' totals differ from the sum of its rows'
      from scoped b join batch_credits bc on bc.batch_id = b.id
      group by b.id, b.net_value_cents, b.original_value_cents
      having b.net_value_cents <> sum(bc.anticipation_cents)
        or b.original_value_cents <> sum(bc.original_value_cents)
    union all
    select 'batch ' || b.id || ' has no audit row'
      from scoped b where not exists (select 1 from batch_audit a where a.batch_id = b.id)
  `);
  return rows.map((r) => r.violation);
}
