import { AppError } from '../../http/app-error';

type BankDetails = { bankCode: string | null; bankBranch: string | null; bankAccount: string | null };

/**
 * Whether the company can be paid: bank code, branch and account all filled. Without it a request answers
 * error.bankAccount.empty; the company calls say it beforehand (`hasBankAccount`), so the simulation warns
 * before the supplier confirms (docs/product/requests.md#refusals).
 */
export function hasBankAccount(company: BankDetails): boolean {
  return [company.bankCode, company.bankBranch, company.bankAccount].every((part) => !!part?.trim());
}

/**
 * A company that may not anticipate is refused before anything is priced for it: the estimate calls answer
 * the request's own refusal, so no figure is shown for an early payment it cannot ask for.
 */
export function checkCanAnticipate(company: { canAnticipate: boolean }): void {
  if (!company.canAnticipate) throw new AppError('error.provider.cannotAnticipate');
}
