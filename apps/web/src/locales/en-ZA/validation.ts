import { validation as en } from '../en/validation';
import type { validation as source } from '../pt-BR/validation';

export const validation = {
  ...en,
  'validation.phone.required': 'Enter your cellphone number.',
  'validation.phone.invalid': 'Enter the area code and number, e.g. (11) 98765-4321.',
} satisfies Record<keyof typeof source, string>;
