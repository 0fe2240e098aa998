import { security as en } from '../en/security';
import type { security as source } from '../pt-BR/security';

/** South African English: "programme" and "cellphone" where the en catalogue differs. */
export const security = {
  ...en,
  'security.2fa.text':
    'When you log in, the portal asks for a code from the authenticator app on your cellphone as well as your password.',
  'security.codes.text':
    'Keep these codes somewhere safe: each one lets you log in once without your cellphone. They will not be shown again.',
  'security.pin.text':
    'Six digits that confirm requests, cancellations and automatic rules in the programmes that ask for it.',
  'pin.hint': 'This programme asks for your 6-digit PIN.',
  'two-factor.text':
    'Your organisation requires a second factor to use the portal. Turn it on now: it takes a minute with the authenticator app on your cellphone.',
} satisfies Record<keyof typeof source, string>;
