import { flow as en } from '../en/flow';
import type { flow as source } from '../pt-BR/flow';

/** South African English: "programme" and "early settlement" where the en catalogue differs. */
export const flow = {
  ...en,
  'simulation.quote.intro':
    'These invoices add up to enough to ask for bids: the programme’s funders have a few minutes to offer a better rate. The invoices stay available meanwhile.',
  'simulation.quote.confirm-text': '{{funder}} settles these invoices early: you receive {{net}}.',
  'dashboard.programs.title': 'Your programmes',
  'dashboard.programs.see-all': 'See all programmes',
  'dashboard.next.calculate-invoice': 'Calculate early settlement of invoice {{number}}',
  'dashboard.next.empty': 'No upcoming invoices are open for early settlement.',
  'dashboard.portfolio.advanced': 'Settled early',
  'dashboard.portfolio.caption': 'Amounts to receive and amounts settled early, per month',
  'dashboard.cannot-anticipate.title': 'Early settlement unavailable',
  'dashboard.cannot-anticipate.text':
    '{{company}} (CNPJ/CPF {{identification}}) is not entitled to early settlement. Contact support to find out how to enable it.',
  'programs.choose': 'Choose a programme to see the invoices open for early settlement.',
  'programs.available': 'Available for early settlement',
  'programs.empty':
    '{{company}} (CNPJ/CPF {{identification}}) does not take part in any early settlement programme yet.',
  'notifications.label': 'Programme notices',
  'invoices.subtitle': 'Invoices open for early settlement · Buyer: {{buyer}}',
  'invoices.inactive.title': 'Early settlement unavailable in this programme',
  'invoices.inactive.text':
    'Your company’s participation in {{program}} is inactive: you can see the invoices, but not get a quote or request early settlement.',
  'invoices.empty': '{{company}} has no invoices open for early settlement in {{program}}.',
  'invoices.column.anticipation': 'Early settlement',
  'invoices.needs-invoice': 'upload the invoice document to request early settlement',
  'invoices.bar.simulate': 'Quote selected',
  'invoices.tabs.label': 'Invoices of the programme',
  'invoices.unavailable.intro': 'Invoices of this programme that cannot be settled early now, and why.',
  'invoices.unavailable.empty': 'Every open invoice of this programme can be settled early.',
  'invoices.unavailable.error': 'The invoices that cannot be settled early could not be loaded.',
  'credit.reason.dueTooSoon': 'Due {{date}}, too soon to be settled early',
  'invoices.bar.inactivated': 'Inactive participation: quotes are not available in this programme.',
  'upload.success': 'Invoice {{number}} uploaded. It can now be settled early.',
  'simulation.subtitle-all': 'Every available invoice of {{program}}',
  'simulation.loading': 'Calculating the early settlement…',
  'simulation.error': 'The early settlement could not be calculated.',
  'simulation.no-credits':
    'The invoices you chose have already been settled early or are no longer available.',
  'simulation.total.title': 'Early settlement summary',
  'simulation.credits.title_one': '{{count}} invoice in this quote',
  'simulation.credits.title_other': '{{count}} invoices in this quote',
  'simulation.request': 'Request early settlement',
  'simulation.bank-account.text':
    '{{company}} has no bank account on file, and early settlement is paid into it. Register a bank account under Profile > Bank account, then get a new quote to make the request.',
  'simulation.confirm.action': 'Confirm early settlement',
  'simulation.offer.house': 'The programme’s own rate',
  'simulation.offers.changed': 'We got a new quote: the figures below are those of the current offers.',
  'simulation.confirm.funder-house': 'Funded by {{funder}} (the programme’s own rate)',
  'simulation.success.title': 'Early settlement requested',
  'history.empty': 'No early settlement requests in {{program}} so far.',
} satisfies Record<keyof typeof source, string>;
