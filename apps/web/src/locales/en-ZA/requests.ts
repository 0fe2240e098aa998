import { requests as en } from '../en/requests';
import type { requests as source } from '../pt-BR/requests';

/** South African English: where the en catalogue differs. */
export const requests = {
  ...en,
  'request.program': 'Programme',
  'request.cancel.no-payment': 'Nothing will be settled early for this request.',
} satisfies Record<keyof typeof source, string>;
