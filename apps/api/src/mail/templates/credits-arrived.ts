import { type Locale, type LocaleTable, normalizeLocale } from './locale.js';
import { type Block, buildMail, checkLink, type MailContent } from './render.js';

export type CreditsArrivedMailParams = {
  /** the recipient's langKey; unknown or absent → pt-BR */
  locale?: string | null;
  organizationName: string;
  /** the portal, where the new credits are listed */
  link: string;
  /** what one import brought the recipient: one entry per company and program, value already formatted */
  arrivals: ReadonlyArray<{ companyName: string; programName: string; count: number; value: string }>;
};

type CreditsArrivedStrings = {
  subject(organizationName: string): string;
  greeting: string;
  intro: string;
  place(programName: string, companyName: string): string;
  credits(count: number, value: string): string;
  open: string;
  why: string;
  signature(organizationName: string): string;
};

const plural = (locale: Locale) => {
  const rules = new Intl.PluralRules(locale);
  return (count: number, one: string, other: string) => (rules.select(count) === 'one' ? one : other);
};

const ptBRPlural = plural('pt-BR');
const ptPTPlural = plural('pt-PT');
const enPlural = plural('en');

const en: CreditsArrivedStrings = {
  subject: (org) => `New invoices available – ${org}`,
  greeting: 'Hello,',
  intro: 'New invoices you can ask early payment for have arrived:',
  place: (program, company) => `${program} program · ${company}`,
  credits: (count, value) => `${count} ${enPlural(count, 'invoice', 'invoices')}, ${value}`,
  open: 'See them in the portal',
  why: 'You receive this e-mail because you take part in this company on the portal. You can choose which e-mails you receive in your profile, under Notifications.',
  signature: (org) => `The ${org} team`,
};

const strings: LocaleTable<CreditsArrivedStrings> = {
  'pt-BR': {
    subject: (org) => `Novos títulos disponíveis – ${org}`,
    greeting: 'Olá,',
    intro: 'Chegaram novos títulos que você pode antecipar:',
    place: (program, company) => `Programa ${program} · ${company}`,
    credits: (count, value) => `${count} ${ptBRPlural(count, 'título', 'títulos')}, ${value}`,
    open: 'Ver no portal',
    why: 'Você recebe este e-mail porque participa desta empresa no portal. Escolha quais e-mails receber no seu perfil, em Notificações.',
    signature: (org) => `Equipe ${org}`,
  },
  'pt-PT': {
    subject: (org) => `Novos títulos disponíveis – ${org}`,
    greeting: 'Olá,',
    intro: 'Chegaram novos títulos que pode antecipar:',
    place: (program, company) => `Programa ${program} · ${company}`,
    credits: (count, value) => `${count} ${ptPTPlural(count, 'título', 'títulos')}, ${value}`,
    open: 'Ver no portal',
    why: 'Recebe este e-mail porque participa desta empresa no portal. Escolha que e-mails receber no seu perfil, em Notificações.',
    signature: (org) => `Equipa ${org}`,
  },
  en,
  'en-ZA': en,
};

/**
 * What one import brought a user, in one mail however many companies and programs it touched
 * (docs/product/operations.md#mail): each program with its count and value.
 */
export function creditsArrivedMail(params: CreditsArrivedMailParams): MailContent {
  const locale = normalizeLocale(params.locale);
  const t = strings[locale];
  const blocks: Block[] = [
    { type: 'paragraph', text: t.greeting },
    { type: 'paragraph', text: t.intro },
    {
      type: 'details',
      rows: params.arrivals.map(
        (arrival) =>
          [
            t.place(arrival.programName, arrival.companyName),
            t.credits(arrival.count, arrival.value),
          ] as const,
      ),
    },
    { type: 'button', label: t.open, href: checkLink(params.link) },
    { type: 'paragraph', text: t.why },
    { type: 'paragraph', text: t.signature(params.organizationName) },
  ];
  return buildMail(locale, t.subject(params.organizationName), blocks);
}
