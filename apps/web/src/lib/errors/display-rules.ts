import { type ErrorCode, invoiceRefusalCodes, isErrorCode } from '@portal/contract';
import type { AppError, DisplayMode, ErrorAction } from './app-error';

/** How one error is shown: its mode, the catalogue key of its message, its action, the support phone. */
export type DisplaySpec = {
  mode: DisplayMode;
  messageKey: ErrorCode;
  action: ErrorAction | null;
  showSupportPhone: boolean;
};

const understood = (kind: ErrorAction['kind']): ErrorAction => ({ labelKey: 'global.understood', kind });

/**
 * The specific errors of docs/product/errors.md#specific-errors; every other error is a non-blocking toast.
 */
const specific: Partial<Record<ErrorCode, Omit<DisplaySpec, 'messageKey'>>> = {
  'error.invite.not.found': { mode: 'BLOCKING', action: understood('close'), showSupportPhone: false },
  'error.invite.closed': { mode: 'BLOCKING', action: understood('close'), showSupportPhone: false },
  'error.invite.confirmed': { mode: 'BLOCKING', action: understood('close'), showSupportPhone: false },
  'error.invite.waitingConfirmation': {
    mode: 'BLOCKING',
    action: understood('close'),
    showSupportPhone: false,
  },
  'error.credit.notfound': {
    mode: 'BLOCKING',
    action: { labelKey: 'global.choose-program', kind: 'programSelection' },
    showSupportPhone: false,
  },
  'error.user.notActivated': { mode: 'BLOCKING', action: null, showSupportPhone: true },
  'error.user.notactive': { mode: 'BLOCKING', action: null, showSupportPhone: true },
  'error.person.notTeamMember': {
    mode: 'BLOCKING',
    action: { labelKey: 'global.exit', kind: 'logout' },
    showSupportPhone: false,
  },
  'error.user.resetKeyDoesNotExists': {
    mode: 'BLOCKING',
    action: understood('home'),
    showSupportPhone: false,
  },
  'error.http.unauthorized': {
    mode: 'BLOCKING',
    action: { labelKey: 'global.unauthorized-login', kind: 'logout' },
    showSupportPhone: false,
  },
  // The planner shows it in place, under its form, with the reachable amount of the error's params
  // (features/automation/components/planner-form.tsx): a toast of 2 s could not carry the amount.
  'error.plan.notEnough': { mode: 'IGNORED', action: null, showSupportPhone: false },
  // Account security (docs/product/account-security.md). The right password of an account with a second factor
  // is the login's next step, not an error; an expired code step goes back to the password step, which says
  // so in place; a locked PIN is said in place with the time it opens again (params.until), which a toast
  // could not carry.
  'error.user.mfaRequired': { mode: 'IGNORED', action: null, showSupportPhone: false },
  'error.user.mfaTokenInvalid': { mode: 'IGNORED', action: null, showSupportPhone: false },
  'error.user.pinLocked': { mode: 'IGNORED', action: null, showSupportPhone: false },
  // An offer gone between the simulation and the choice or the request: the simulation says so above its fresh
  // figures (features/simulation/components/simulation-view.tsx), which a toast would only repeat.
  'error.offer.unavailable': { mode: 'IGNORED', action: null, showSupportPhone: false },
  // An electronic invoice refused against its credit is said next to that credit, with what the document says
  // against what the credit says (features/uploads/components/invoice-refusal.tsx); a toast could not hold it.
  ...Object.fromEntries(
    invoiceRefusalCodes.map((code) => [code, { mode: 'IGNORED', action: null, showSupportPhone: false }]),
  ),
};

/** A blocking error without its own action gets this one (docs/product/errors.md#display-modes). */
export const defaultBlockingAction: ErrorAction = { labelKey: 'global.close', kind: 'giroApi' };

/**
 * The display of an error, keyed by its error_description (the key the inherited client toasts). A key the
 * catalogue does not know (a newer server) shows error.unknown. `override` is a caller's display mode.
 */
export function displayOf(error: AppError, override?: DisplayMode): DisplaySpec {
  const key = error.error_description || error.code;
  const messageKey: ErrorCode = isErrorCode(key) ? key : 'error.unknown';
  const rule = specific[messageKey] ?? { mode: 'NON_BLOCKING', action: null, showSupportPhone: false };
  if (!override || override === rule.mode) return { ...rule, messageKey };
  if (override === 'BLOCKING')
    return { ...rule, mode: 'BLOCKING', messageKey, action: rule.action ?? defaultBlockingAction };
  return { ...rule, mode: override, messageKey };
}
