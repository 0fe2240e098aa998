import { invite as en } from '../en/invite';
import type { invite as source } from '../pt-BR/invite';

/** South African English: "cellphone" and "early settlement" where the en catalogue differs. */
export const invite = {
  ...en,
  'invite.section.phone': 'Cellphone',
  'invite.card.whatsapp.text':
    'Get notices of new available invoices and of the progress of your early settlements on your cellphone.',
  'invite.phone.title': 'Your cellphone',
  'invite.phone.label': 'Cellphone number with area code',
} satisfies Record<keyof typeof source, string>;
