import type { Credit, CreditSortKey } from '@portal/contract';
import type { MessageKey } from '../../locales/catalogues';

type Formatters = { money: (value: number) => string; date: (isoDate: string) => string };

export type InvoiceColumn = {
  id: string;
  labelKey: MessageKey;
  /** The server-side sort key; columns without one do not sort. */
  sortKey?: CreditSortKey;
  isNumeric?: boolean;
  /** Fixed width in px; columns without one share what is left. */
  width?: number;
  text: (credit: Credit, format: Formatters) => string;
};

/** The columns of docs/product/screens-and-routes.md#invoices-page, in its order. */
export const invoiceColumns: readonly InvoiceColumn[] = [
  {
    id: 'nfNumber',
    labelKey: 'invoices.column.nfNumber',
    sortKey: 'nfNumber',
    width: 100,
    text: (c) => c.nfNumber,
  },
  {
    id: 'nfSerial',
    labelKey: 'invoices.column.nfSerial',
    sortKey: 'nfSerial',
    width: 64,
    text: (c) => c.nfSerial,
  },
  {
    id: 'expireDate',
    labelKey: 'invoices.column.expireDate',
    sortKey: 'expireDate',
    width: 104,
    text: (c, f) => f.date(c.expireDate),
  },
  {
    id: 'originalValue',
    labelKey: 'invoices.column.originalValue',
    sortKey: 'value',
    isNumeric: true,
    width: 122,
    text: (c, f) => f.money(c.originalValue),
  },
  {
    id: 'discountedValue',
    labelKey: 'invoices.column.discount',
    isNumeric: true,
    width: 100,
    text: (c, f) => f.money(c.discountedValue),
  },
  {
    id: 'anticipationValue',
    labelKey: 'invoices.column.anticipation',
    sortKey: 'creditEstimate.total',
    isNumeric: true,
    width: 120,
    text: (c, f) => f.money(c.anticipationValue),
  },
  {
    id: 'installmentNumber',
    labelKey: 'invoices.column.installment',
    sortKey: 'installmentNumber',
    isNumeric: true,
    width: 76,
    text: (c) => String(c.installmentNumber),
  },
  { id: 'orderDetail', labelKey: 'invoices.column.orderDetail', text: (c) => c.orderDetail ?? '—' },
  {
    id: 'buyer',
    labelKey: 'invoices.column.buyer',
    sortKey: 'importedDocuments.buyer.name',
    text: (c) => c.buyer,
  },
];
