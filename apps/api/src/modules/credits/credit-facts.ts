import { centsToWire } from '@portal/contract';

/** What every list of credits reads of a credit row (the credits page, the not-available list). */
export type CreditFactsRow = {
  id: number;
  nfNumber: string;
  nfSerial: string;
  buyerName: string;
  orderDetail: string | null;
  installmentNumber: number;
  expireDate: string;
  originalValueCents: bigint;
  kind: 'GOODS' | 'SERVICE';
};

/**
 * A credit's facts as the lists answer them: the number, the buyer, the due date and the original value. A list
 * adds its own fields with Object.assign, not an object spread: on Node 20 a spread literal with more properties
 * after it costs about 10 µs a row, a tenth of a credits page's CPU (docs/decisions/api-speed.md#row-spread).
 */
export function creditFactsOf(row: CreditFactsRow) {
  return {
    id: row.id,
    nfNumber: row.nfNumber,
    nfSerial: row.nfSerial,
    buyer: row.buyerName,
    orderDetail: orderDetailOf(row.orderDetail),
    installmentNumber: row.installmentNumber,
    expireDate: row.expireDate,
    originalValue: centsToWire(row.originalValueCents),
    kind: row.kind,
  };
}

/** The order remark as the lists answer it: the inherited data carries the text "null" for "no remark". */
function orderDetailOf(stored: string | null): string | null {
  return stored === null || stored === 'null' ? null : stored;
}
