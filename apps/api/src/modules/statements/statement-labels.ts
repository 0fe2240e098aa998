import type { LocaleTable } from '../../mail/templates/locale';
import type { BatchStatus } from './statement-input';

/** Every text of a request's statement; the values come from input, these are only its words. */
export type StatementLabels = {
  title(id: number): string;
  company: string;
  bankAccount: string;
  program: string;
  buyer: string;
  /** Who pays the supplier early (docs/product/requests.md#funder). */
  funder: string;
  requestNumber: string;
  requestedAt: string;
  paymentDate: string;
  status: string;
  rejectionReason: string;
  /** The payment's reference the platform gave for a PAID request. */
  paymentReference: string;
  statuses: { readonly [S in BatchStatus]: string };
  credits: string;
  /** Printed under a credit whose electronic invoice was checked, before its access key. */
  accessKey: string;
  columns: {
    invoice: string;
    installment: string;
    dueDate: string;
    originalValue: string;
    discount: string;
    iof: string;
    bankFee: string;
    net: string;
  };
  totals: { title: string; value: string; discount: string; iof: string; fees: string; total: string };
  generatedAt: string;
};

// Words follow the web catalogues (apps/web/src/locales) so the statement reads like the portal.
const en: StatementLabels = {
  title: (id) => `Early payment request statement #${id}`,
  company: 'Company',
  bankAccount: 'Bank account',
  program: 'Program',
  buyer: 'Buyer',
  funder: 'Funder',
  requestNumber: 'Request number',
  requestedAt: 'Requested at',
  paymentDate: 'Payment date',
  status: 'Status',
  rejectionReason: 'Reason for rejection',
  paymentReference: 'Payment reference',
  statuses: { REQUESTED: 'Requested', PAID: 'Paid', REJECTED: 'Rejected', CANCELLED: 'Cancelled' },
  credits: 'Invoices',
  accessKey: 'NF-e access key',
  columns: {
    invoice: 'Invoice / series',
    installment: 'Instalment',
    dueDate: 'Due date',
    originalValue: 'Original amount',
    discount: 'Discount',
    iof: 'IOF',
    bankFee: 'Bank fee',
    net: 'Net amount',
  },
  totals: {
    title: 'Totals',
    value: 'Original amount',
    discount: 'Discount',
    iof: 'IOF',
    fees: 'Bank fees',
    total: 'Net amount you receive',
  },
  generatedAt: 'Generated at',
};

export const STATEMENT_LABELS: LocaleTable<StatementLabels> = {
  'pt-BR': {
    title: (id) => `Extrato da solicitação de antecipação nº ${id}`,
    company: 'Empresa',
    bankAccount: 'Conta bancária',
    program: 'Programa',
    buyer: 'Sacado',
    funder: 'Financiador',
    requestNumber: 'Solicitação nº',
    requestedAt: 'Data da solicitação',
    paymentDate: 'Data do pagamento',
    status: 'Situação',
    rejectionReason: 'Motivo da recusa',
    paymentReference: 'Referência do pagamento',
    statuses: { REQUESTED: 'Solicitada', PAID: 'Paga', REJECTED: 'Recusada', CANCELLED: 'Cancelada' },
    credits: 'Títulos',
    accessKey: 'Chave de acesso da NF-e',
    columns: {
      invoice: 'Nota fiscal / série',
      installment: 'Parcela',
      dueDate: 'Vencimento',
      originalValue: 'Valor original',
      discount: 'Desconto',
      iof: 'IOF',
      bankFee: 'Tarifa bancária',
      net: 'Valor líquido',
    },
    totals: {
      title: 'Totais',
      value: 'Valor original',
      discount: 'Desconto',
      iof: 'IOF',
      fees: 'Tarifas bancárias',
      total: 'Valor líquido a receber',
    },
    generatedAt: 'Gerado em',
  },
  'pt-PT': {
    title: (id) => `Extrato do pedido de antecipação n.º ${id}`,
    company: 'Empresa',
    bankAccount: 'Conta bancária',
    program: 'Programa',
    buyer: 'Devedor',
    funder: 'Financiador',
    requestNumber: 'Pedido n.º',
    requestedAt: 'Data do pedido',
    paymentDate: 'Data de pagamento',
    status: 'Estado',
    rejectionReason: 'Motivo da recusa',
    paymentReference: 'Referência do pagamento',
    statuses: { REQUESTED: 'Pedido', PAID: 'Pago', REJECTED: 'Recusado', CANCELLED: 'Cancelado' },
    credits: 'Faturas',
    accessKey: 'Chave de acesso da NF-e',
    columns: {
      invoice: 'Fatura / série',
      installment: 'Prestação',
      dueDate: 'Vencimento',
      originalValue: 'Valor original',
      discount: 'Desconto',
      iof: 'IOF',
      bankFee: 'Comissão bancária',
      net: 'Valor líquido',
    },
    totals: {
      title: 'Totais',
      value: 'Valor original',
      discount: 'Desconto',
      iof: 'IOF',
      fees: 'Comissões bancárias',
      total: 'Valor líquido a receber',
    },
    generatedAt: 'Gerado em',
  },
  en,
  'en-ZA': { ...en, program: 'Programme' },
};
