import { inbox as en } from '../en/inbox';
import type { inbox as source } from '../pt-BR/inbox';

/** South African English: where the en catalogue differs ("early settlement"). */
export const inbox = {
  ...en,
  'inbox.preferences.type.BATCH_REQUESTED': 'An early settlement request of the company is received',
  'inbox.preferences.type.AUTO_RULE_RAN': 'An automatic rule requests early settlement',
  'inbox.preferences.type.AUTO_RULE_FAILED': 'An automatic rule cannot request early settlement',
  'inbox.preferences.type.CREDITS_ARRIVED': 'New invoices become available for early settlement',
} satisfies Record<keyof typeof source, string>;
