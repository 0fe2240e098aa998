import { errorBody, type FieldError } from '@portal/contract';
import { AppError } from '../src/http/app-error';
import { type CreditFacts, checkInvoiceXml } from '../src/modules/uploads/invoice-check';

/** The credit the electronic invoices of the unit tests are checked against (nfe-factories, nfse-factories). */
export const testCredit: CreditFacts = {
  supplier: '11444777000161',
  buyer: '11222333000181',
  nfNumber: '100000',
  nfSerial: '1',
  installmentNumber: 1,
  originalValueCents: 1_000_000n,
};

/** The error body the upload route would answer for what checkInvoiceXml throws; throws when it accepts. */
export function refusalOf(data: Buffer | string, against: CreditFacts = testCredit) {
  try {
    checkInvoiceXml(Buffer.from(data), against);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return errorBody(error.code, error.options.fieldErrors);
  }
  throw new Error('accepted');
}

/** A refusal's field: what the document says, against what the credit says. */
export const differs = (field: string, document: string, creditValue?: string): FieldError => ({
  field,
  message: 'validation.invalid',
  params: creditValue === undefined ? { document } : { document, credit: creditValue },
});
