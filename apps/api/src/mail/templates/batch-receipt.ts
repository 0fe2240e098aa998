import { formatIdentification, identificationKindOf } from '@portal/contract';
import { type LocaleTable, normalizeLocale } from './locale.js';
import { type Block, buildMail, type MailContent } from './render.js';

export type BatchReceiptMailParams = {
  /** the requesting user's langKey; unknown or absent → pt-BR */
  locale?: string | null;
  organizationName: string;
  companyName: string;
  /** the company's CPF or CNPJ as stored (shown with its mask) */
  companyIdentification: string;
  programName: string;
  /** who pays the supplier: the request's funder, or the buyer's name for the house offer (the program's rate) */
  funderName: string;
  batchId: string | number | bigint;
  /** the net amount the supplier receives, already formatted for the locale (e.g. "R$ 9.850,00") */
  netValue: string;
  /** the expected payment date, already formatted for the locale (e.g. "18/02/2026") */
  paymentDate: string;
  creditCount: number;
};

type BatchReceiptStrings = {
  subject(batchId: string, organizationName: string): string;
  greeting: string;
  intro(companyName: string, programName: string): string;
  labels: {
    company: string;
    program: string;
    funder: string;
    batch: string;
    netValue: string;
    paymentDate: string;
    creditCount: string;
  };
  next: string;
  signature(organizationName: string): string;
};

const en: BatchReceiptStrings = {
  subject: (id, org) => `Early payment request #${id} received – ${org}`,
  greeting: 'Hello,',
  intro: (company, program) =>
    `We received the early payment request of ${company} in the ${program} program.`,
  labels: {
    company: 'Company',
    program: 'Program',
    funder: 'Funder',
    batch: 'Request number',
    netValue: 'Net amount to receive',
    paymentDate: 'Expected payment date',
    creditCount: 'Number of invoices',
  },
  next: "The amount will be paid into the company's registered bank account on the expected payment date. You can follow the request in the request history on the portal.",
  signature: (org) => `The ${org} team`,
};

const strings: LocaleTable<BatchReceiptStrings> = {
  'pt-BR': {
    subject: (id, org) => `Solicitação de antecipação nº ${id} recebida – ${org}`,
    greeting: 'Olá,',
    intro: (company, program) =>
      `Recebemos a solicitação de antecipação da empresa ${company} no programa ${program}.`,
    labels: {
      company: 'Empresa',
      program: 'Programa',
      funder: 'Financiador',
      batch: 'Solicitação nº',
      netValue: 'Valor líquido a receber',
      paymentDate: 'Data prevista de pagamento',
      creditCount: 'Quantidade de títulos',
    },
    next: 'O valor será creditado na conta bancária cadastrada da empresa na data prevista. Você pode acompanhar a solicitação no histórico de solicitações do portal.',
    signature: (org) => `Equipe ${org}`,
  },
  'pt-PT': {
    subject: (id, org) => `Pedido de antecipação n.º ${id} recebido – ${org}`,
    greeting: 'Olá,',
    intro: (company, program) =>
      `Recebemos o pedido de antecipação da empresa ${company} no programa ${program}.`,
    labels: {
      company: 'Empresa',
      program: 'Programa',
      funder: 'Financiador',
      batch: 'Pedido n.º',
      netValue: 'Valor líquido a receber',
      paymentDate: 'Data prevista de pagamento',
      creditCount: 'Número de títulos',
    },
    next: 'O valor será creditado na conta bancária registada da empresa na data prevista. Pode acompanhar o pedido no histórico de pedidos do portal.',
    signature: (org) => `A equipa ${org}`,
  },
  en,
  'en-ZA': {
    ...en,
    intro: (company, program) =>
      `We received the early payment request of ${company} in the ${program} programme.`,
    labels: { ...en.labels, program: 'Programme' },
  },
};

/** The receipt sent to the user after `POST batches/request` (docs/product/requests.md#receipt). */
export function batchReceiptMail(params: BatchReceiptMailParams): MailContent {
  const locale = normalizeLocale(params.locale);
  const t = strings[locale];
  const batchId = String(params.batchId);
  const blocks: Block[] = [
    { type: 'paragraph', text: t.greeting },
    { type: 'paragraph', text: t.intro(params.companyName, params.programName) },
    {
      type: 'details',
      rows: [
        [t.labels.company, params.companyName],
        [
          identificationKindOf(params.companyIdentification) ?? 'CNPJ/CPF',
          formatIdentification(params.companyIdentification),
        ],
        [t.labels.program, params.programName],
        [t.labels.funder, params.funderName],
        [t.labels.batch, batchId],
        [t.labels.netValue, params.netValue],
        [t.labels.paymentDate, params.paymentDate],
        [t.labels.creditCount, new Intl.NumberFormat(locale).format(params.creditCount)],
      ],
    },
    { type: 'paragraph', text: t.next },
    { type: 'paragraph', text: t.signature(params.organizationName) },
  ];
  return buildMail(locale, t.subject(batchId, params.organizationName), blocks);
}
