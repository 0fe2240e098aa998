import { type LocaleTable, normalizeLocale } from './locale.js';
import { type Block, buildMail, checkLink, type MailContent } from './render.js';

export type InviteMailParams = {
  /** the invitee's language when known; unknown or absent → pt-BR */
  locale?: string | null;
  /** the acceptance page with its token, e.g. https://portal.example/accept-invite/<token> */
  link: string;
  companyName: string;
  organizationName: string;
};

type InviteStrings = {
  subject(organizationName: string): string;
  greeting: string;
  intro(companyName: string, organizationName: string): string;
  action: string;
  button: string;
  ignore: string;
  signature(organizationName: string): string;
};

const en: InviteStrings = {
  subject: (org) => `Invitation to the ${org} portal`,
  greeting: 'Hello,',
  intro: (company, org) =>
    `You have been invited to join the ${org} portal as a representative of ${company}.`,
  action: 'To accept the invitation and create your login, use the link below.',
  button: 'Accept invitation',
  ignore: 'If you were not expecting this invitation, you can ignore this email.',
  signature: (org) => `The ${org} team`,
};

const strings: LocaleTable<InviteStrings> = {
  'pt-BR': {
    subject: (org) => `Convite para acessar o portal ${org}`,
    greeting: 'Olá,',
    intro: (company, org) =>
      `Você foi convidado(a) para acessar o portal ${org} como representante da empresa ${company}.`,
    action: 'Para aceitar o convite e criar o seu acesso, use o link abaixo.',
    button: 'Aceitar convite',
    ignore: 'Se você não esperava este convite, ignore este e-mail.',
    signature: (org) => `Equipe ${org}`,
  },
  'pt-PT': {
    subject: (org) => `Convite para aceder ao portal ${org}`,
    greeting: 'Olá,',
    intro: (company, org) =>
      `Foi convidado(a) para aceder ao portal ${org} como representante da empresa ${company}.`,
    action: 'Para aceitar o convite e criar o seu acesso, utilize a ligação abaixo.',
    button: 'Aceitar convite',
    ignore: 'Se não esperava este convite, ignore este e-mail.',
    signature: (org) => `A equipa ${org}`,
  },
  en,
  'en-ZA': en,
};

/** The invitation of a supplier's representative (sent by `ops invite`). */
export function inviteMail(params: InviteMailParams): MailContent {
  const locale = normalizeLocale(params.locale);
  const t = strings[locale];
  const org = params.organizationName;
  const blocks: Block[] = [
    { type: 'paragraph', text: t.greeting },
    { type: 'paragraph', text: t.intro(params.companyName, org) },
    { type: 'paragraph', text: t.action },
    { type: 'button', label: t.button, href: checkLink(params.link) },
    { type: 'paragraph', text: t.ignore },
    { type: 'paragraph', text: t.signature(org) },
  ];
  return buildMail(locale, t.subject(org), blocks);
}
