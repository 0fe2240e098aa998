import type { Estimate } from '@portal/contract';
import type { AppDeps } from '../../app-deps';
import { batchReceiptMail, normalizeLocale } from '../../mail';
import type { CallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { getOrganization } from '../organizations/resolve-organization';

/** R$ in the reader's locale. The amount is display-only here; the exact figure is the estimate's. */
export function formatReais(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value);
}

/** A calendar date in the reader's locale; noon UTC so no zone can move it to another day. */
export function formatDate(locale: string, isoDate: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

/**
 * The receipt (docs/product/requests.md#receipt), in the requesting user's language, to their login address.
 */
export async function sendBatchReceipt(
  deps: AppDeps,
  input: { caller: AuthenticatedUser; access: CallerProgramProvider; batchId: number; estimate: Estimate },
) {
  const { caller, access, estimate } = input;
  const locale = normalizeLocale(caller.langKey);
  const organization = await getOrganization(deps.db, caller.organizationId);
  const content = batchReceiptMail({
    locale,
    organizationName: organization.name,
    companyName: access.company.name,
    programName: access.program.name,
    batchId: input.batchId,
    netValue: formatReais(locale, estimate.total),
    paymentDate: formatDate(locale, estimate.date),
    creditCount: estimate.creditEstimates.length,
  });
  await deps.mailer.send({ to: caller.login, ...content });
}
