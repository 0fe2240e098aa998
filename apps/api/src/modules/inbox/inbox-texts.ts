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
  /** The payment's reference the platform gave for a PAID request. */
  paymentReference?: string | null;
  count?: number;
  ruleName?: string;
  /** Who pays a rule's request (its funder, or the buyer for the house); absent in notices written before. */
  funderName?: string;
};

type Text = (p: Required<InboxParams>, f: Formats) => string;

/** Whether `count` takes the singular in `locale` ("1 título", "2 títulos"). */
const one = (locale: 'pt-BR' | 'pt-PT' | 'en', count: number) =>
  new Intl.PluralRules(locale).select(count) === 'one';
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
    message: (p, f) =>
      `${f.money(p.value)} do programa ${p.programName} foram pagos na conta da empresa.${p.paymentReference ? ` Referência do pagamento: ${p.paymentReference}.` : ''}`,
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
    title: (p) => `Antecipação automática das ${p.ruleName}: solicitação nº ${p.batchId}`,
    message: (p, f) =>
      `A regra das ${p.ruleName} pediu a antecipação de ${p.count} título(s), ${f.money(p.value)} líquidos, no programa ${p.programName}${p.funderName ? `, financiados por ${p.funderName}` : ''}; pagamento previsto para ${f.date(p.paymentDate)}.`,
  },
  AUTO_RULE_FAILED: {
    title: (p) => `Antecipação automática das ${p.ruleName}: nada solicitado hoje`,
    message: (p) =>
      `A regra do programa ${p.programName} não fez solicitação: ${ruleReasons['pt-BR'](p.reason)}`,
  },
  CREDITS_ARRIVED: {
    title: () => 'Novos títulos disponíveis',
    message: (p) => `${p.count} novo(s) título(s) no programa ${p.programName}.`,
  },
  CREDITS_WITHDRAWN: {
    title: (p) => `${p.count} ${one('pt-BR', p.count) ? 'título retirado' : 'títulos retirados'} pelo sacado`,
    message: (p) =>
      one('pt-BR', p.count)
        ? `O título da empresa ${p.companyName} não está mais disponível para antecipação: o sacado o cancelou ou o pagou de outra forma.`
        : `Os títulos da empresa ${p.companyName} não estão mais disponíveis para antecipação: o sacado os cancelou ou os pagou de outra forma.`,
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
    message: (p, f) =>
      `${f.money(p.value)} do programa ${p.programName} foram pagos na conta da empresa.${p.paymentReference ? ` Referência do pagamento: ${p.paymentReference}.` : ''}`,
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
    title: (p) => `Antecipação automática das ${p.ruleName}: pedido n.º ${p.batchId}`,
    message: (p, f) =>
      `A regra das ${p.ruleName} pediu a antecipação de ${p.count} título(s), ${f.money(p.value)} líquidos, no programa ${p.programName}${p.funderName ? `, financiados por ${p.funderName}` : ''}; pagamento previsto para ${f.date(p.paymentDate)}.`,
  },
  AUTO_RULE_FAILED: {
    title: (p) => `Antecipação automática das ${p.ruleName}: nada pedido hoje`,
    message: (p) =>
      `A regra do programa ${p.programName} não fez nenhum pedido: ${ruleReasons['pt-PT'](p.reason)}`,
  },
  CREDITS_ARRIVED: {
    title: () => 'Novos títulos disponíveis',
    message: (p) => `${p.count} novo(s) título(s) no programa ${p.programName}.`,
  },
  CREDITS_WITHDRAWN: {
    title: (p) =>
      `${p.count} ${one('pt-PT', p.count) ? 'fatura retirada' : 'faturas retiradas'} pelo devedor`,
    message: (p) =>
      one('pt-PT', p.count)
        ? `A fatura da empresa ${p.companyName} deixou de estar disponível para antecipação: o devedor cancelou-a ou pagou-a de outra forma.`
        : `As faturas da empresa ${p.companyName} deixaram de estar disponíveis para antecipação: o devedor cancelou-as ou pagou-as de outra forma.`,
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
      `${f.money(p.value)} from the ${p.programName} program was paid into the company's account.${p.paymentReference ? ` Payment reference: ${p.paymentReference}.` : ''}`,
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
    title: (p) => `Automatic early payment at ${p.ruleName}: request #${p.batchId}`,
    message: (p, f) =>
      `The ${p.ruleName} rule requested early payment of ${p.count} invoice(s), ${f.money(p.value)} net, in the ${p.programName} program${p.funderName ? `, funded by ${p.funderName}` : ''}; payment expected on ${f.date(p.paymentDate)}.`,
  },
  AUTO_RULE_FAILED: {
    title: (p) => `Automatic early payment at ${p.ruleName}: nothing requested today`,
    message: (p) => `The rule of the ${p.programName} program made no request: ${ruleReasons.en(p.reason)}`,
  },
  CREDITS_ARRIVED: {
    title: () => 'New invoices available',
    message: (p) => `${p.count} new invoice(s) in the ${p.programName} program.`,
  },
  CREDITS_WITHDRAWN: {
    title: (p) => `${p.count} ${one('en', p.count) ? 'invoice' : 'invoices'} withdrawn by the buyer`,
    message: (p) =>
      one('en', p.count)
        ? `The invoice of ${p.companyName} is no longer on offer: the buyer cancelled it or paid it another way.`
        : `The invoices of ${p.companyName} are no longer on offer: the buyer cancelled them or paid them another way.`,
  },
};

/**
 * Why a rule's day made no request (its run's `reason`, an error code), in words; an unknown code gets the
 * generic sentence rather than the code.
 */
const reasonWords: Record<'pt-BR' | 'pt-PT' | 'en', Record<string, string> & { other: string }> = {
  'pt-BR': {
    'error.operation.closed': 'a janela de solicitações estava fechada no horário da regra.',
    'error.bankAccount.empty': 'a empresa não tem conta bancária cadastrada.',
    'error.provider.cannotAnticipate': 'a empresa está impedida de antecipar neste programa.',
    'error.provider.notActive': 'a participação da empresa no programa não está ativa.',
    'error.request.batchDisabled': 'o programa não está recebendo solicitações.',
    'error.request.wrongProvider': 'quem salvou a regra não faz mais parte da empresa.',
    'error.credit.notfound': 'os títulos escolhidos foram solicitados por outra pessoa antes.',
    'error.autoRule.nothingToTake': 'nenhum título disponível passou pelos filtros.',
    'error.autoRule.missed': 'o portal estava fora do ar no horário da regra e a janela já fechou.',
    other: 'a solicitação foi recusada.',
  },
  'pt-PT': {
    'error.operation.closed': 'a janela de pedidos estava fechada à hora da regra.',
    'error.bankAccount.empty': 'a empresa não tem conta bancária registada.',
    'error.provider.cannotAnticipate': 'a empresa está impedida de antecipar neste programa.',
    'error.provider.notActive': 'a participação da empresa no programa não está ativa.',
    'error.request.batchDisabled': 'o programa não está a receber pedidos.',
    'error.request.wrongProvider': 'quem guardou a regra já não faz parte da empresa.',
    'error.credit.notfound': 'os títulos escolhidos foram pedidos por outra pessoa antes.',
    'error.autoRule.nothingToTake': 'nenhum título disponível passou pelos filtros.',
    'error.autoRule.missed': 'o portal estava em baixo à hora da regra e a janela já fechou.',
    other: 'o pedido foi recusado.',
  },
  en: {
    'error.operation.closed': 'the request window was closed at the rule’s time.',
    'error.bankAccount.empty': 'the company has no bank account on file.',
    'error.provider.cannotAnticipate': 'the company may not request early payment in this program.',
    'error.provider.notActive': 'the company’s participation in the program is not active.',
    'error.request.batchDisabled': 'the program is not taking requests.',
    'error.request.wrongProvider': 'the person who saved the rule is no longer in the company.',
    'error.credit.notfound': 'the chosen invoices were requested by someone else first.',
    'error.autoRule.nothingToTake': 'no available invoice passed its filters.',
    'error.autoRule.missed': 'the portal was down at the rule’s time and the window has closed since.',
    other: 'the request was refused.',
  },
};

const ruleReasons = Object.fromEntries(
  Object.entries(reasonWords).map(([locale, words]) => [
    locale,
    (reason: string | null) => (reason && words[reason]) || words.other,
  ]),
) as Record<keyof typeof reasonWords, (reason: string | null) => string>;

const texts: LocaleTable<EventTexts> = { 'pt-BR': ptBR, 'pt-PT': ptPT, en, 'en-ZA': en };

const blank: Required<InboxParams> = {
  batchId: 0,
  programName: '',
  companyName: '',
  value: 0,
  paymentDate: '1970-01-01',
  reason: null,
  paymentReference: null,
  count: 0,
  ruleName: '',
  funderName: '',
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
