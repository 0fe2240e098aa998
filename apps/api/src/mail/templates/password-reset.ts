import { type LocaleTable, normalizeLocale } from './locale.js';
import { type Block, buildMail, checkLink, type MailContent } from './render.js';

export type PasswordResetMailParams = {
  /** the user's langKey; unknown or absent → pt-BR */
  locale?: string | null;
  /** the reset page with its key, e.g. https://portal.example/password-reset/<key> */
  link: string;
  organizationName: string;
  /** the organization's support phone; the line is left out when absent */
  supportPhone?: string | null;
};

type PasswordResetStrings = {
  subject(organizationName: string): string;
  greeting: string;
  intro(organizationName: string): string;
  action: string;
  button: string;
  ignore: string;
  support(supportPhone: string): string;
  signature(organizationName: string): string;
};

const en: PasswordResetStrings = {
  subject: (org) => `Reset your password – ${org}`,
  greeting: 'Hello,',
  intro: (org) => `We received a request to reset the password of your account on the ${org} portal.`,
  action: 'To choose a new password, use the link below. It is valid for 24 hours and can be used only once.',
  button: 'Choose a new password',
  ignore: 'If you did not make this request, you can ignore this email: your current password still works.',
  support: (phone) => `Need help? Contact our support team at ${phone}.`,
  signature: (org) => `The ${org} team`,
};

const strings: LocaleTable<PasswordResetStrings> = {
  'pt-BR': {
    subject: (org) => `Redefinição de senha – ${org}`,
    greeting: 'Olá,',
    intro: (org) => `Recebemos um pedido para redefinir a senha da sua conta no portal ${org}.`,
    action:
      'Para criar uma nova senha, use o link abaixo. Ele vale por 24 horas e só pode ser usado uma vez.',
    button: 'Criar nova senha',
    ignore: 'Se você não fez este pedido, ignore este e-mail: sua senha atual continua valendo.',
    support: (phone) => `Precisa de ajuda? Fale com o nosso suporte pelo telefone ${phone}.`,
    signature: (org) => `Equipe ${org}`,
  },
  'pt-PT': {
    subject: (org) => `Redefinição da palavra-passe – ${org}`,
    greeting: 'Olá,',
    intro: (org) => `Recebemos um pedido para redefinir a palavra-passe da sua conta no portal ${org}.`,
    action:
      'Para criar uma nova palavra-passe, utilize a ligação abaixo. É válida durante 24 horas e só pode ser utilizada uma vez.',
    button: 'Criar nova palavra-passe',
    ignore: 'Se não fez este pedido, ignore este e-mail: a sua palavra-passe atual continua válida.',
    support: (phone) => `Precisa de ajuda? Contacte o nosso apoio através do número ${phone}.`,
    signature: (org) => `A equipa ${org}`,
  },
  en,
  'en-ZA': { ...en, support: (phone) => `Need help? Phone our support team on ${phone}.` },
};

/**
 * The "forgot password" mail (the key is valid 24 h and single use:
 * docs/product/accounts-and-sessions.md#password-reset).
 */
export function passwordResetMail(params: PasswordResetMailParams): MailContent {
  const locale = normalizeLocale(params.locale);
  const t = strings[locale];
  const org = params.organizationName;
  const blocks: Block[] = [
    { type: 'paragraph', text: t.greeting },
    { type: 'paragraph', text: t.intro(org) },
    { type: 'paragraph', text: t.action },
    { type: 'button', label: t.button, href: checkLink(params.link) },
    { type: 'paragraph', text: t.ignore },
  ];
  if (params.supportPhone?.trim())
    blocks.push({ type: 'paragraph', text: t.support(params.supportPhone.trim()) });
  blocks.push({ type: 'paragraph', text: t.signature(org) });
  return buildMail(locale, t.subject(org), blocks);
}
