import type { FieldError, ValidationMessageKey, WithdrawCreditsAnswer } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { notifyCompaniesInDigest } from '../inbox/notify';

export type WithdrawInput = { organizationId: number; refs: readonly string[]; now: Date };

type Row = { id: number; ref: string; status: 'AVAILABLE' | 'REQUESTED' | 'PAID' | 'UNAVAILABLE' };

/**
 * The withdrawal (docs/product/platform-api.md#withdraw), inside the caller's transaction: the organization's
 * credits named by `refs` are locked in id order (as a request's claim locks them, so the two queue instead of
 * deadlocking), then checked, then the AVAILABLE ones become UNAVAILABLE in one statement. A request that waited
 * on the lock re-reads the rows and no longer finds them AVAILABLE; a withdrawal that waited on a request finds
 * them REQUESTED and is refused. Any refusal throws, so the caller's transaction changes nothing.
 *
 * The count and value of each participation's AVAILABLE credits (program_providers.available_credits and
 * available_value_cents) follow by the credits table's statement triggers (migrations 0002 and 0003). The
 * companies whose credits went are told in the same transaction (`notifyWithdrawals`).
 */
export async function withdrawCreditsIn(tx: Tx, input: WithdrawInput): Promise<WithdrawCreditsAnswer> {
  const { rows } = await tx.execute<Row>(sql`
    select id, ref, status from credits
    where organization_id = ${input.organizationId} and ref = any(${sql.param([...input.refs])}::text[])
    order by id for update`);
  const byRef = new Map(rows.map((row) => [row.ref, row]));

  // Another organization's refs are simply not found here: the same answer as refs that exist nowhere.
  const unknown = refusals(input.refs, (ref) => !byRef.has(ref), 'validation.invalid');
  if (unknown.length > 0) throw new AppError('error.credit.notfound', { fieldErrors: unknown });

  const live = refusals(
    input.refs,
    (ref) => {
      const status = byRef.get(ref)?.status;
      return status === 'REQUESTED' || status === 'PAID';
    },
    'validation.batch.creditInLiveBatch',
  );
  if (live.length > 0) throw new AppError('error.credit.wrongStatus', { fieldErrors: live, status: 409 });

  const available = rows.filter((row) => row.status === 'AVAILABLE').map((row) => row.id);
  if (available.length > 0) {
    await tx.execute(sql`
      update credits set status = 'UNAVAILABLE'
      where id = any(${sql.param(available)}::int[]) and status = 'AVAILABLE'`);
    await notifyWithdrawals(tx, input, available);
  }
  return { withdrawn: available.length, alreadyWithdrawn: rows.length - available.length };
}

/**
 * One CREDITS_WITHDRAWN notice per company whose AVAILABLE credits this call withdrew (however many of its
 * participations they were in), and one e-mail per user for the call, as an import tells new credits
 * (docs/product/platform-api.md#withdraw). A REMOVED participation is gone for the supplier: it tells nobody.
 */
async function notifyWithdrawals(tx: Tx, input: WithdrawInput, withdrawnIds: readonly number[]) {
  const { rows } = await tx.execute<{ companyId: number; companyName: string; count: number }>(sql`
    select pp.company_id as "companyId", c.name as "companyName", count(*)::int as count
    from credits cr
    join program_providers pp on pp.id = cr.program_provider_id
    join companies c on c.id = pp.company_id
    where cr.id = any(${sql.param([...withdrawnIds])}::int[]) and pp.status <> 'REMOVED'
    group by pp.company_id, c.name
    order by pp.company_id`);
  await notifyCompaniesInDigest(
    tx,
    'CREDITS_WITHDRAWN',
    rows.map((row) => ({
      organizationId: input.organizationId,
      companyId: row.companyId,
      batchId: null,
      params: { count: row.count, companyName: row.companyName },
      now: input.now,
    })),
  );
}

/** Each ref `refused` selects, named by its index in the body (`refs.3`, as the body's own validation names it). */
function refusals(
  refs: readonly string[],
  refused: (ref: string) => boolean,
  message: ValidationMessageKey,
): FieldError[] {
  return refs.flatMap((ref, index) => (refused(ref) ? [{ field: `refs.${index}`, message }] : []));
}
