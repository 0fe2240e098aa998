import { centsToWire, type NextCredit } from '@portal/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { credits, programProviders } from '../../db/schema';
import type { AuthenticatedUser } from '../auth/tokens';
import { getDefaultCompany } from '../companies/company-queries';
import { organizationToday } from './organization-today';

/**
 * The dashboard's next invoices: AVAILABLE credits of the default company's ACTIVATED participations, soonest
 * due first (ties by id). Credits already past due are left out: they are no longer "next".
 */
export async function listNextCredits(
  db: Executor,
  input: { caller: AuthenticatedUser; limit: number; now: Date },
): Promise<NextCredit[]> {
  const company = await getDefaultCompany(db, input.caller.id);
  const today = await organizationToday(db, input.caller.organizationId, input.now);
  const rows = await db
    .select({
      id: credits.id,
      nfNumber: credits.nfNumber,
      buyer: credits.buyerName,
      expireDate: credits.expireDate,
      originalValueCents: credits.originalValueCents,
      programId: programProviders.programId,
      providerId: programProviders.id,
    })
    .from(credits)
    .innerJoin(programProviders, eq(programProviders.id, credits.programProviderId))
    .where(
      and(
        eq(programProviders.companyId, company.id),
        eq(programProviders.status, 'ACTIVATED'),
        eq(credits.status, 'AVAILABLE'),
        gte(credits.expireDate, today),
      ),
    )
    .orderBy(asc(credits.expireDate), asc(credits.id))
    .limit(input.limit);
  return rows.map(({ originalValueCents, ...row }) => ({
    ...row,
    originalValue: centsToWire(originalValueCents),
  }));
}
