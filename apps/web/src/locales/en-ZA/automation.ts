import { automation as en } from '../en/automation';
import type { automation as source } from '../pt-BR/automation';

/** South African English: "programme" and "early settlement" where the en catalogue differs. */
export const automation = {
  ...en,
  'automation.intro':
    'Settle early without picking invoices one by one: ask for an amount by a date, or let a rule ask every day.',
  'automation.inactive':
    'Inactive participation: the planner and automatic rules do not work in this programme.',
  'automation.rules.title': 'Automatic early settlement',
  'automation.rules.text':
    'A rule requests early settlement by itself, at the chosen time of every business day, for the invoices that pass its filters. The request shows in the history marked as automatic.',
  'automation.rules.empty': 'No automatic rules in this programme.',
  'automation.rules.full': 'This programme already has the maximum of {{max}} rules.',
  'automation.form.time-hint': 'Within the programme’s request hours.',
} satisfies Record<keyof typeof source, string>;
