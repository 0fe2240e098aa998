import type { Executor } from '../../db/client';
import { normalizeLocale } from '../../mail/templates/locale';
import type { AuthenticatedUser } from '../auth/tokens';
import { batchDetailOf, findCallerBatch } from '../batches/batch-detail';
import { getOrganization } from '../organizations/resolve-organization';
import type { StatementInput } from './statement-input';

/**
 * The statement of one of the caller's requests, from the same queries as `GET batches/:id` (findCallerBatch,
 * then batchDetailOf): so another company's request, or none, is the same 404 error.batch.notFound, and the
 * credits and totals printed are exactly the detail's frozen figures. The language is the caller's account's
 * (`langKey`), as for the notification centre and the e-mails; instants are in the organization's zone.
 */
export async function loadStatement(
  db: Executor,
  caller: AuthenticatedUser,
  batchId: number,
  now: Date,
): Promise<StatementInput> {
  const found = await findCallerBatch(db, caller, batchId);
  const [detail, organization] = await Promise.all([
    batchDetailOf(db, found, now),
    getOrganization(db, caller.organizationId),
  ]);
  const { company, buyer, organization: pricingOrganization } = found.access;
  return {
    locale: normalizeLocale(caller.langKey),
    organizationName: organization.name,
    company: {
      name: company.name,
      identification: company.identification,
      // The request's own account, as the detail shows it: masked (maskedBankAccountOf).
      bankAccount: detail.bankAccount,
    },
    program: {
      name: detail.programName,
      buyerName: detail.buyerName,
      buyerIdentification: buyer.identification,
      funderName: detail.funder.name,
    },
    batch: {
      id: detail.id,
      status: detail.status,
      requestedAt: detail.requestedAt,
      paymentDate: detail.paymentDate,
      rejectionReason: detail.rejectionReason,
      paymentReference: detail.paymentReference,
      value: detail.value,
      discount: detail.discount,
      fees: detail.fees,
      iof: detail.iof,
      total: detail.total,
    },
    credits: detail.credits,
    generatedAt: now.toISOString(),
    timezone: pricingOrganization.timezone,
  };
}
