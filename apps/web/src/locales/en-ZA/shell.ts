import { shell as en } from '../en/shell';
import type { shell as source } from '../pt-BR/shell';

/** South African English: "programme", "early settlement" and "cellphone" where the en catalogue differs. */
export const shell = {
  ...en,
  'app.name': 'Supplier Finance Portal',
  'app.tagline': 'Settle your invoices early and keep cash flowing.',
  'global.choose-program': 'Choose a programme',
  'global.program-selection.error-message': 'The programmes could not be loaded.',
  'header.program-selection': 'Programmes',
  'program-selection.title': 'Early settlement programmes',
  'simulation.title': 'Early settlement quote',
  'flavor.buyer.service-invoice':
    'For service invoices, upload the invoice document before requesting early settlement.',
} satisfies Record<keyof typeof source, string>;
