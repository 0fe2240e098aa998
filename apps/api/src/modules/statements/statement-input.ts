import type { BatchCredit } from '@portal/contract';
import type { Locale } from '../../mail/templates/locale';

/** A request's status (docs/product/requests.md). */
export type BatchStatus = 'REQUESTED' | 'PAID' | 'REJECTED' | 'CANCELLED';

/**
 * Everything a request's statement shows (issue [3 of 6]: the company with the bank account the request was
 * made with, masked to its last digits, program and buyer, request number, request and payment dates, status,
 * each credit with the figures frozen at request time, and the totals). Money is in reais as on the wire (the
 * contract's moneySchema: at most two decimals); the totals are the request's own, never summed again here.
 */
export type StatementInput = {
  locale: Locale;
  organizationName: string;
  company: {
    name: string;
    /** CNPJ (14 digits) or CPF (11 digits), digits only. */
    identification: string;
    /**
     * The account the request was made with, already masked to its last 4 characters as the detail answers it
     * ("341 / 1234 / ****5678"); null when the request has none.
     */
    bankAccount: string | null;
  };
  program: {
    name: string;
    buyerName: string;
    buyerIdentification: string;
    /** Who pays the supplier: the request's funder, or the buyer's name for the house (the program's own rate). */
    funderName: string;
  };
  batch: {
    id: number;
    status: BatchStatus;
    /** ISO instant. */
    requestedAt: string;
    /** ISO date (YYYY-MM-DD). */
    paymentDate: string;
    rejectionReason: string | null;
    paymentReference: string | null;
    /** Σ original values. */
    value: number;
    /** Σ investor discount + platform fee. */
    discount: number;
    /** Σ bank fees. */
    fees: number;
    /** Σ IOF. */
    iof: number;
    /** What the supplier receives. */
    total: number;
  };
  /** With the access key of each credit's checked electronic invoice, printed under its row. */
  credits: BatchCredit[];
  /** When the statement was made (ISO instant), printed in its footer. */
  generatedAt: string;
  /** The organization's time zone (IANA), for the instants. */
  timezone: string;
};
