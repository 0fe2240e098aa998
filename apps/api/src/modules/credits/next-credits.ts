import { centsToWire, type NextCredit } from '@portal/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { credits, programProviders } from '../../db/schema';
import type { AuthenticatedUser } from '../auth/tokens';
import { findDefaultMembership } from '../companies/company-queries';
import { eligibleFromSql, loadEligibleFrom } from '../pricing/eligible-value';

/**
 * The dashboard's next invoices: the credits of the default company's ACTIVATED participations that can be
 * advanced now (eligibility: due on or after their program's first eligible date), soonest due first (ties
 * by id). Each participation gives at most `limit` credits from the front of its (pp, expire_date, id)
 * index, so a company with 100,000 credits costs a few index entries, not a sort of all of them.
 */
export async function listNextCredits(
  db: Executor,
  input: { caller: AuthenticatedUser; limit: number; now: Date },
): Promise<NextCredit[]> {
  const [company, eligibleFrom] = await Promise.all([
    findDefaultMembership(db, input.caller.id),
    loadEligibleFrom(db, input.caller.organizationId, input.now),
  ]);
  const soonest = db
    .select({
      id: credits.id,
      nfNumber: credits.nfNumber,
      buyer: credits.buyerName,
      expireDate: credits.expireDate,
      originalValueCents: credits.originalValueCents,
    })
    .from(credits)
    .where(
      and(
        eq(credits.programProviderId, programProviders.id),
        eq(credits.status, 'AVAILABLE'),
        gte(credits.expireDate, eligibleFromSql(eligibleFrom, programProviders.programId)),
      ),
    )
    .orderBy(asc(credits.expireDate), asc(credits.id))
    .limit(input.limit)
    .as('soonest');
  const rows = await db
    .select({
      id: soonest.id,
      nfNumber: soonest.nfNumber,
      buyer: soonest.buyer,
      expireDate: soonest.expireDate,
      originalValueCents: soonest.originalValueCents,
      programId: programProviders.programId,
      providerId: programProviders.id,
    })
    .from(programProviders)
    .crossJoinLateral(soonest)
    .where(and(eq(programProviders.companyId, company.id), eq(programProviders.status, 'ACTIVATED')))
    .orderBy(asc(soonest.expireDate), asc(soonest.id))
    .limit(input.limit);
  return rows.map(({ originalValueCents, ...row }) => ({
    ...row,
    originalValue: centsToWire(originalValueCents),
  }));
}
