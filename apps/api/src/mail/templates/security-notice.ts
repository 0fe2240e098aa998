import type { SecurityNoticeKind } from '../../db/schema/security-notices.js';
import { type LocaleTable, normalizeLocale } from './locale.js';
import { type Block, buildMail, checkLink, type MailContent } from './render.js';

export type SecurityNoticeMailParams = {
  /** the recipient's langKey; unknown or absent → pt-BR */
  locale?: string | null;
  kind: SecurityNoticeKind;
  organizationName: string;
  /** the account's e-mail, so a person with several accounts knows which */
  login: string;
  /** when it happened, already written for the reader (date, time and zone) */
  when: string;
  /** the forgot-password page: what to do if it was not them */
  resetLink: string;
  supportPhone?: string | null;
};

type Event = { subject: string; happened(login: string, org: string, when: string): string };

type SecurityNoticeStrings = {
  events: Record<SecurityNoticeKind, Event>;
  greeting: string;
  ifYou: string;
  ifNotYou: string;
  button: string;
  support(phone: string): string;
  why: string;
  signature(org: string): string;
};

const en: SecurityNoticeStrings = {
  events: {
    PASSWORD_CHANGED: {
      subject: 'Your password was changed',
      happened: (login, org, when) =>
        `The password of your account ${login} on the ${org} portal was changed on ${when}.`,
    },
    TWO_FACTOR_DISABLED: {
      subject: 'Two-step verification was turned off',
      happened: (login, org, when) =>
        `Two-step verification of your account ${login} on the ${org} portal was turned off on ${when}. Signing in now takes only the password.`,
    },
    RECOVERY_CODE_USED: {
      subject: 'A recovery code was used',
      happened: (login, org, when) =>
        `A recovery code of your account ${login} on the ${org} portal was used instead of the app's code on ${when}. Each code works once: make new ones in your profile if few are left.`,
    },
    PIN_SET: {
      subject: 'A transaction PIN was set',
      happened: (login, org, when) =>
        `A transaction PIN was set for your account ${login} on the ${org} portal on ${when}. Requests for early payment now ask for it.`,
    },
    PIN_CHANGED: {
      subject: 'Your transaction PIN was changed',
      happened: (login, org, when) =>
        `The transaction PIN of your account ${login} on the ${org} portal was changed on ${when}.`,
    },
  },
  greeting: 'Hello,',
  ifYou: 'If it was you, there is nothing to do.',
  ifNotYou:
    'If it was not you, someone may be using your account: choose a new password now with the link below, which also ends every session.',
  button: 'Choose a new password',
  support: (phone) => `Need help? Contact our support team at ${phone}.`,
  why: 'We always send this e-mail when your account’s protection changes; it cannot be turned off.',
  signature: (org) => `The ${org} team`,
};

const strings: LocaleTable<SecurityNoticeStrings> = {
  'pt-BR': {
    events: {
      PASSWORD_CHANGED: {
        subject: 'Sua senha foi alterada',
        happened: (login, org, when) =>
          `A senha da sua conta ${login} no portal ${org} foi alterada em ${when}.`,
      },
      TWO_FACTOR_DISABLED: {
        subject: 'A verificação em duas etapas foi desativada',
        happened: (login, org, when) =>
          `A verificação em duas etapas da sua conta ${login} no portal ${org} foi desativada em ${when}. Agora o acesso pede só a senha.`,
      },
      RECOVERY_CODE_USED: {
        subject: 'Um código de recuperação foi usado',
        happened: (login, org, when) =>
          `Um código de recuperação da sua conta ${login} no portal ${org} foi usado no lugar do código do aplicativo em ${when}. Cada código vale uma vez: gere novos no seu perfil se restarem poucos.`,
      },
      PIN_SET: {
        subject: 'Um PIN de transação foi cadastrado',
        happened: (login, org, when) =>
          `Um PIN de transação foi cadastrado na sua conta ${login} no portal ${org} em ${when}. As solicitações de antecipação passam a pedi-lo.`,
      },
      PIN_CHANGED: {
        subject: 'Seu PIN de transação foi alterado',
        happened: (login, org, when) =>
          `O PIN de transação da sua conta ${login} no portal ${org} foi alterado em ${when}.`,
      },
    },
    greeting: 'Olá,',
    ifYou: 'Se foi você, não é preciso fazer nada.',
    ifNotYou:
      'Se não foi você, alguém pode estar usando sua conta: crie uma nova senha agora pelo link abaixo, o que também encerra todas as sessões.',
    button: 'Criar nova senha',
    support: (phone) => `Precisa de ajuda? Fale com o nosso suporte pelo telefone ${phone}.`,
    why: 'Este e-mail é sempre enviado quando a proteção da sua conta muda; não é possível desativá-lo.',
    signature: (org) => `Equipe ${org}`,
  },
  'pt-PT': {
    events: {
      PASSWORD_CHANGED: {
        subject: 'A sua palavra-passe foi alterada',
        happened: (login, org, when) =>
          `A palavra-passe da sua conta ${login} no portal ${org} foi alterada em ${when}.`,
      },
      TWO_FACTOR_DISABLED: {
        subject: 'A verificação em dois passos foi desativada',
        happened: (login, org, when) =>
          `A verificação em dois passos da sua conta ${login} no portal ${org} foi desativada em ${when}. O acesso passa a pedir só a palavra-passe.`,
      },
      RECOVERY_CODE_USED: {
        subject: 'Foi utilizado um código de recuperação',
        happened: (login, org, when) =>
          `Foi utilizado um código de recuperação da sua conta ${login} no portal ${org} em vez do código da aplicação, em ${when}. Cada código serve uma vez: gere novos no seu perfil se restarem poucos.`,
      },
      PIN_SET: {
        subject: 'Foi definido um PIN de transação',
        happened: (login, org, when) =>
          `Foi definido um PIN de transação na sua conta ${login} no portal ${org} em ${when}. Os pedidos de antecipação passam a pedi-lo.`,
      },
      PIN_CHANGED: {
        subject: 'O seu PIN de transação foi alterado',
        happened: (login, org, when) =>
          `O PIN de transação da sua conta ${login} no portal ${org} foi alterado em ${when}.`,
      },
    },
    greeting: 'Olá,',
    ifYou: 'Se foi o próprio, não é preciso fazer nada.',
    ifNotYou:
      'Se não foi o próprio, alguém pode estar a utilizar a sua conta: crie uma nova palavra-passe agora através da ligação abaixo, o que também termina todas as sessões.',
    button: 'Criar nova palavra-passe',
    support: (phone) => `Precisa de ajuda? Contacte o nosso apoio através do número ${phone}.`,
    why: 'Este e-mail é sempre enviado quando a proteção da sua conta muda; não é possível desativá-lo.',
    signature: (org) => `A equipa ${org}`,
  },
  en,
  'en-ZA': { ...en, support: (phone) => `Need help? Phone our support team on ${phone}.` },
};

/**
 * A change to the account's protection, told always (docs/product/account-security.md#security-notices): what
 * changed and when, and what to do if it was not the reader. It carries no secret, and no link that acts by
 * itself: the reset page asks for the e-mail again.
 */
export function securityNoticeMail(params: SecurityNoticeMailParams): MailContent {
  const locale = normalizeLocale(params.locale);
  const t = strings[locale];
  const event = t.events[params.kind];
  const org = params.organizationName;
  const blocks: Block[] = [
    { type: 'paragraph', text: t.greeting },
    { type: 'paragraph', text: event.happened(params.login, org, params.when) },
    { type: 'paragraph', text: t.ifYou },
    { type: 'paragraph', text: t.ifNotYou },
    { type: 'button', label: t.button, href: checkLink(params.resetLink) },
  ];
  if (params.supportPhone?.trim())
    blocks.push({ type: 'paragraph', text: t.support(params.supportPhone.trim()) });
  blocks.push({ type: 'paragraph', text: t.why }, { type: 'paragraph', text: t.signature(org) });
  return buildMail(locale, `${event.subject} – ${org}`, blocks);
}
