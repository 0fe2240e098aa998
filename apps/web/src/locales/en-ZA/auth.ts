import { auth as en } from '../en/auth';
import type { auth as source } from '../pt-BR/auth';

export const auth = {
  ...en,
  'login.register.question': 'Is your company not signed up yet?',
  'login.carousel': 'Why settle early with Giro',
  'login.slide1.title': 'Get paid before the due date',
  'login.slide1.text': "Settle your invoices early and strengthen your company's cash flow.",
  'login.slide2.text': 'See the discount, fee and tax on every invoice before you confirm.',
  'login.slide3.title': 'Money in your account within business days',
  'login.slide4.text': 'Follow programmes, invoices and requests for all your companies.',
} satisfies Record<keyof typeof source, string>;
