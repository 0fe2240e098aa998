import { type LocaleTable, normalizeLocale } from './locale.js';
import { type Block, buildMail, checkLink, type MailContent } from './render.js';

export type CreditsWithdrawnMailParams = {
  /** the recipient's langKey; unknown or absent → pt-BR */
  locale?: string | null;
  organizationName: string;
  /** the portal */
  link: string;
  /**
   * What one withdrawal took from the recipient: one line per company, its words already written (the inbox
   * notice's title, "3 títulos retirados pelo sacado").
   */
  withdrawals: ReadonlyArray<{ companyName: string; text: string }>;
};

type CreditsWithdrawnStrings = {
  subject(organizationName: string): string;
  greeting: string;
  intro: string;
  open: string;
  why: string;
  signature(organizationName: string): string;
};

const en: CreditsWithdrawnStrings = {
  subject: (org) => `Invoices withdrawn by the buyer – ${org}`,
  greeting: 'Hello,',
  intro:
    'The buyer cancelled some invoices, or paid them another way: they are no longer on offer in the portal.',
  open: 'Open the portal',
  why: 'You receive this e-mail because you take part in this company on the portal. You can choose which e-mails you receive in your profile, under Notifications.',
  signature: (org) => `The ${org} team`,
};

const strings: LocaleTable<CreditsWithdrawnStrings> = {
  'pt-BR': {
    subject: (org) => `Títulos retirados pelo sacado – ${org}`,
    greeting: 'Olá,',
    intro:
      'O sacado cancelou alguns títulos, ou os pagou de outra forma: eles não estão mais disponíveis para antecipação.',
    open: 'Abrir o portal',
    why: 'Você recebe este e-mail porque participa desta empresa no portal. Escolha quais e-mails receber no seu perfil, em Notificações.',
    signature: (org) => `Equipe ${org}`,
  },
  'pt-PT': {
    subject: (org) => `Faturas retiradas pelo devedor – ${org}`,
    greeting: 'Olá,',
    intro:
      'O devedor cancelou algumas faturas, ou pagou-as de outra forma: deixaram de estar disponíveis para antecipação.',
    open: 'Abrir o portal',
    why: 'Recebe este e-mail porque participa desta empresa no portal. Escolha que e-mails receber no seu perfil, em Notificações.',
    signature: (org) => `Equipa ${org}`,
  },
  en,
  'en-ZA': en,
};

/**
 * What one withdrawal of the platform took from a user, in one mail however many of their companies it touched
 * (docs/product/operations.md#mail): each company with its line.
 */
export function creditsWithdrawnMail(params: CreditsWithdrawnMailParams): MailContent {
  const locale = normalizeLocale(params.locale);
  const t = strings[locale];
  const blocks: Block[] = [
    { type: 'paragraph', text: t.greeting },
    { type: 'paragraph', text: t.intro },
    {
      type: 'details',
      rows: params.withdrawals.map((withdrawal) => [withdrawal.companyName, withdrawal.text] as const),
    },
    { type: 'button', label: t.open, href: checkLink(params.link) },
    { type: 'paragraph', text: t.why },
    { type: 'paragraph', text: t.signature(params.organizationName) },
  ];
  return buildMail(locale, t.subject(params.organizationName), blocks);
}
