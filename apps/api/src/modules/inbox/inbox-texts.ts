import type { InboxEventType } from '@portal/contract';
import { formatDate, formatReais } from '../../lib/format';
import type { Locale, LocaleTable } from '../../mail';

/**
 * What an event carries to be told (stored with the inbox item, as data: the words are written when read, in
 * the reader's language). Money in reais as on the wire; dates ISO.
 */
export type InboxParams = {
  batchId?: number;
  programName?: string;
  companyName?: string;
  value?: number;
  paymentDate?: string;
  reason?: string | null;
  count?: number;
  ruleName?: string;
};

type Text = (p: Required<InboxParams>, f: Formats) => string;
type Formats = { money: (value: number) => string; date: (iso: string) => string };
type EventTexts = Record<InboxEventType, { title: Text; message: Text }>;

const ptBR: EventTexts = {
  BATCH_REQUESTED: {
    title: (p) => `Solicitação nº ${p.batchId} recebida`,
    message: (p, f) =>
      `${p.companyName} pediu a antecipação de ${f.money(p.value)} no programa ${p.programName}; pagamento previsto para ${f.date(p.paymentDate)}.`,
  },
  BATCH_PAID: {
    title: (p) => `Solicitação nº ${p.batchId} paga`,
    message: (p, f) => `${f.money(p.value)} do programa ${p.programName} foram pagos na conta da empresa.`,
  },
  BATCH_REJECTED: {
    title: (p) => `Solicitação nº ${p.batchId} recusada`,
    message: (p) =>
      `A solicitação do programa ${p.programName} foi recusada${p.reason ? `: ${p.reason}` : '.'} Os títulos voltaram a ficar disponíveis.`,
  },
  BATCH_CANCELLED: {
    title: (p) => `Solicitação nº ${p.batchId} cancelada`,
    message: (p) =>
      `A solicitação do programa ${p.programName} foi cancelada e os títulos voltaram a ficar disponíveis.`,
  },
  AUTO_RULE_RAN: {
    title: (p) => `Regra automática “${p.ruleName}” executada`,
    message: (p, f) => `A regra pediu a antecipação de ${f.money(p.value)} no programa ${p.programName}.`,
  },
  AUTO_RULE_FAILED: {
    title: (p) => `Regra automática “${p.ruleName}” não executada`,
    message: (p) =>
      `A regra não pôde pedir a antecipação no programa ${p.programName}${p.reason ? `: ${p.reason}` : '.'}`,
  },
  CREDITS_ARRIVED: {
    title: () => 'Novos títulos disponíveis',
    message: (p) => `${p.count} novo(s) título(s) no programa ${p.programName}.`,
  },
};

const ptPT: EventTexts = {
  ...ptBR,
  BATCH_REQUESTED: {
    title: (p) => `Pedido n.º ${p.batchId} recebido`,
    message: (p, f) =>
      `${p.companyName} pediu a antecipação de ${f.money(p.value)} no programa ${p.programName}; pagamento previsto para ${f.date(p.paymentDate)}.`,
  },
  BATCH_PAID: {
    title: (p) => `Pedido n.º ${p.batchId} pago`,
    message: (p, f) => `${f.money(p.value)} do programa ${p.programName} foram pagos na conta da empresa.`,
  },
  BATCH_REJECTED: {
    title: (p) => `Pedido n.º ${p.batchId} recusado`,
    message: (p) =>
      `O pedido do programa ${p.programName} foi recusado${p.reason ? `: ${p.reason}` : '.'} Os títulos voltaram a estar disponíveis.`,
  },
  BATCH_CANCELLED: {
    title: (p) => `Pedido n.º ${p.batchId} cancelado`,
    message: (p) =>
      `O pedido do programa ${p.programName} foi cancelado e os títulos voltaram a estar disponíveis.`,
  },
  AUTO_RULE_RAN: {
    title: (p) => `Regra automática «${p.ruleName}» executada`,
    message: (p, f) => `A regra pediu a antecipação de ${f.money(p.value)} no programa ${p.programName}.`,
  },
  AUTO_RULE_FAILED: {
    title: (p) => `Regra automática «${p.ruleName}» não executada`,
    message: (p) =>
      `A regra não conseguiu pedir a antecipação no programa ${p.programName}${p.reason ? `: ${p.reason}` : '.'}`,
  },
  CREDITS_ARRIVED: {
    title: () => 'Novos títulos disponíveis',
    message: (p) => `${p.count} novo(s) título(s) no programa ${p.programName}.`,
  },
};

const en: EventTexts = {
  BATCH_REQUESTED: {
    title: (p) => `Request #${p.batchId} received`,
    message: (p, f) =>
      `${p.companyName} requested early payment of ${f.money(p.value)} in the ${p.programName} program; payment expected on ${f.date(p.paymentDate)}.`,
  },
  BATCH_PAID: {
    title: (p) => `Request #${p.batchId} paid`,
    message: (p, f) =>
      `${f.money(p.value)} from the ${p.programName} program was paid into the company's account.`,
  },
  BATCH_REJECTED: {
    title: (p) => `Request #${p.batchId} rejected`,
    message: (p) =>
      `The request in the ${p.programName} program was rejected${p.reason ? `: ${p.reason}` : '.'} Its invoices are available again.`,
  },
  BATCH_CANCELLED: {
    title: (p) => `Request #${p.batchId} cancelled`,
    message: (p) =>
      `The request in the ${p.programName} program was cancelled and its invoices are available again.`,
  },
  AUTO_RULE_RAN: {
    title: (p) => `Automatic rule “${p.ruleName}” ran`,
    message: (p, f) =>
      `The rule requested early payment of ${f.money(p.value)} in the ${p.programName} program.`,
  },
  AUTO_RULE_FAILED: {
    title: (p) => `Automatic rule “${p.ruleName}” did not run`,
    message: (p) =>
      `The rule could not request early payment in the ${p.programName} program${p.reason ? `: ${p.reason}` : '.'}`,
  },
  CREDITS_ARRIVED: {
    title: () => 'New invoices available',
    message: (p) => `${p.count} new invoice(s) in the ${p.programName} program.`,
  },
};

const texts: LocaleTable<EventTexts> = { 'pt-BR': ptBR, 'pt-PT': ptPT, en, 'en-ZA': en };

const blank: Required<InboxParams> = {
  batchId: 0,
  programName: '',
  companyName: '',
  value: 0,
  paymentDate: '1970-01-01',
  reason: null,
  count: 0,
  ruleName: '',
};

/** An event's title and message in `locale`. */
export function inboxTexts(
  locale: Locale,
  type: InboxEventType,
  params: InboxParams,
): { title: string; message: string } {
  const full = { ...blank, ...params } as Required<InboxParams>;
  const formats: Formats = {
    money: (value) => formatReais(locale, value),
    date: (iso) => formatDate(locale, iso),
  };
  const event = texts[locale][type];
  return { title: event.title(full, formats), message: event.message(full, formats) };
}
