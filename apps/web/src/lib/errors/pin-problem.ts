import { isApiError } from './app-error';

/** The refusals of a call that moves money where the program requires the transaction PIN. */
export type PinProblem =
  | { code: 'error.user.pinMismatch' | 'error.user.pinRequired' }
  | { code: 'error.user.pinNotRegistered' }
  | { code: 'error.user.pinLocked'; until: number | null };

const onTheField = new Set(['error.user.pinMismatch', 'error.user.pinRequired']);

/**
 * What a refused request, cancel or rule save says about the PIN (docs/product/account-security.md#pin), or
 * null when it was refused for something else: a wrong or missing PIN belongs on the PIN field; no PIN set
 * needs the way to the profile; a lock says until when (`params.until`, epoch milliseconds).
 */
export function pinProblemOf(error: unknown): PinProblem | null {
  if (!isApiError(error)) return null;
  const { code, params } = error.detail;
  if (onTheField.has(code)) return { code: code as 'error.user.pinMismatch' | 'error.user.pinRequired' };
  if (code === 'error.user.pinNotRegistered') return { code };
  if (code === 'error.user.pinLocked') return { code, until: params?.until ?? null };
  return null;
}

/** Whether the problem is the PIN typed (or not typed): its message goes on the field. */
export function isFieldPinProblem(
  problem: PinProblem | null,
): problem is { code: 'error.user.pinMismatch' | 'error.user.pinRequired' } {
  return problem !== null && onTheField.has(problem.code);
}
