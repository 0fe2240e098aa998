import { isBusinessDay } from '@portal/pricing';
import { AppError } from '../../http/app-error';
import type { CallerProgramProvider } from '../access/caller-access';
import { checkCanAnticipate, hasBankAccount } from '../companies/anticipation-rules';
import type { PricedCredit } from '../estimates/caller-credits';
import type { PricingContext } from '../pricing/pricing-context';

/**
 * docs/product/requests.md#operating-window: requests are taken on the organization's business days (national
 * bank calendar, unless the organization opens every day) from its opening time to the program's
 * anticipationMaxTime, both inclusive, to the minute, in the organization's zone: at 18:00:59 it is still
 * 18:00.
 */
export function isOperatingWindowOpen(context: PricingContext): boolean {
  const { today, time, anticipationMaxTime, organization } = context;
  if (!isBusinessDay(today, { businessDaysOnly: organization.businessDaysOnly })) return false;
  // HH:mm strings of equal length compare like the times they spell.
  return time >= organization.calendarOpen && time <= anticipationMaxTime;
}

/** Every refusal that does not depend on the claim itself, in the order the supplier can act on them. */
export function checkBatchAllowed(
  context: PricingContext,
  { company, program, programProvider }: CallerProgramProvider,
  credits: readonly PricedCredit[],
): void {
  if (!isOperatingWindowOpen(context)) throw new AppError('error.operation.closed');
  checkCanAnticipate(company);
  if (programProvider.status !== 'ACTIVATED') throw new AppError('error.provider.notActive');
  // A program the platform switched off takes no new requests, whatever the participation says.
  if (!program.active) throw new AppError('error.request.batchDisabled');
  if (!hasBankAccount(company)) throw new AppError('error.bankAccount.empty');
  const missingInvoice = credits.some((c) => c.kind === 'SERVICE' && !c.invoiceUploaded);
  if (program.requireServiceInvoice && missingInvoice) throw new AppError('error.credit.invoiceRequired');
}
