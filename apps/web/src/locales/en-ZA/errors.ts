import { errors as en } from '../en/errors';
import type { errors as source } from '../pt-BR/errors';

export const errors = {
  ...en,
  'error.quote.tooSmall':
    'The invoices chosen are worth less than the programme’s minimum for asking the funders to bid.',
  'error.quote.noFunders': 'This programme has no funders to ask for bids.',
  'error.quote.alreadyOpen':
    'A quote is already open in this programme. Accept a bid or wait for it to close before asking again.',
  'error.operation.closed':
    'Early settlement requests can only be made on business days, from 08:00 to 18:00.',
  'error.bankAccount.empty':
    'Register a bank account under Profile > Bank account, then submit the request again.',
  'error.credit.invoiceRequired': 'Upload the service invoice document before requesting early settlement.',
  'error.provider.alreadyInProgram': 'The supplier already takes part in this programme.',
  'error.provider.hasCredits': 'The supplier still has invoices in this programme.',
  'error.provider.notActive': 'The supplier is not active in this programme.',
  'error.provider.cannotAnticipate': 'Your company is not entitled to early settlement in this programme.',
  'error.provider.cannotCancel':
    'Your company is not entitled to cancel early settlements in this programme.',
  'error.request.batchDisabled': 'Early settlement requests are switched off in this programme.',
  'error.request.multiplePrograms': 'Choose invoices from a single programme.',
  'error.invoice.recipientMismatch':
    'The electronic invoice is not addressed to the buyer of this programme.',
  'error.autoRule.timeOutsideWindow': 'Choose a time within the programme’s request hours.',
  'error.autoRule.tooMany': 'This programme already has the maximum number of automatic rules.',
  'error.credit.invalid':
    'This invoice can no longer be settled early: it falls due too close to the payment date, or its costs exceed its value. Refresh the list and choose other invoices.',
  'error.invite.phoneNumberAbsent': 'Enter your cellphone number to receive WhatsApp messages.',
  'error.program.empty': 'No programme given.',
  'error.program.notFound': 'Programme not found.',
  'error.program.notEmpty': 'The programme still has invoices.',
  'error.program.financierMissing': 'The programme has no financier.',
  'error.program.identifierKeyMissing': 'The programme has no identifier key.',
  'error.program.sessionTermNotFound': "The programme's cession terms were not found.",
} satisfies Record<keyof typeof source, string>;
