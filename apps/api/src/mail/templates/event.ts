import { type LocaleTable, normalizeLocale } from './locale.js';
import { type Block, buildMail, checkLink, type MailContent } from './render.js';

export type EventMailParams = {
  /** the recipient's langKey; unknown or absent → pt-BR */
  locale?: string | null;
  organizationName: string;
  /** the event's title and message, already in the recipient's language (modules/inbox/inbox-texts.ts) */
  title: string;
  message: string;
  /** the page of the request the event is about, or the portal */
  link: string;
};

type EventStrings = { greeting: string; open: string; why: string; signature(organization: string): string };

const en: EventStrings = {
  greeting: 'Hello,',
  open: 'Open in the portal',
  why: 'You receive this e-mail because you take part in this company on the portal. You can choose which e-mails you receive in your profile, under Notifications.',
  signature: (org) => `The ${org} team`,
};

const strings: LocaleTable<EventStrings> = {
  'pt-BR': {
    greeting: 'Olá,',
    open: 'Abrir no portal',
    why: 'Você recebe este e-mail porque participa desta empresa no portal. Escolha quais e-mails receber no seu perfil, em Notificações.',
    signature: (org) => `Equipe ${org}`,
  },
  'pt-PT': {
    greeting: 'Olá,',
    open: 'Abrir no portal',
    why: 'Recebe este e-mail porque participa desta empresa no portal. Escolha que e-mails receber no seu perfil, em Notificações.',
    signature: (org) => `Equipa ${org}`,
  },
  en,
  'en-ZA': en,
};

/** One event of a request's life (paid, rejected, cancelled…), as its notification centre item says it. */
export function eventMail(params: EventMailParams): MailContent {
  const locale = normalizeLocale(params.locale);
  const t = strings[locale];
  const blocks: Block[] = [
    { type: 'paragraph', text: t.greeting },
    { type: 'paragraph', text: params.message },
    { type: 'button', label: t.open, href: checkLink(params.link) },
    { type: 'paragraph', text: t.why },
    { type: 'paragraph', text: t.signature(params.organizationName) },
  ];
  return buildMail(locale, `${params.title} – ${params.organizationName}`, blocks);
}
