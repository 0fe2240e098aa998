import type { ErrorBody } from '@portal/contract';

/**
 * The error object (docs/product/errors.md#error-body: httpStatus, message, code, fieldErrors,
 * error_description), normalised from any failed call. `httpStatus` 0 means no response arrived (network
 * failure or timeout).
 */
export type AppError = ErrorBody;

/** Error display modes (docs/product/errors.md#display-modes). */
export type DisplayMode = 'NON_BLOCKING' | 'BLOCKING' | 'IGNORED';

/** What the action button of a blocking error does (docs/product/errors.md#specific-errors). */
export type ErrorActionKind = 'close' | 'home' | 'logout' | 'programSelection' | 'giroApi';

export type ErrorAction = { labelKey: string; kind: ErrorActionKind };

/** Thrown by the API client; TanStack Query hands it to the error display and to the operation's state. */
export class ApiError extends Error {
  readonly detail: AppError;
  /**
   * The session ends with this error (docs/product/errors.md#reading-an-error). The error display clears the
   * token after it shows the error, so the page that failed stays under the blocking message instead of
   * redirecting at once.
   */
  readonly endsSession: boolean;

  constructor(detail: AppError, endsSession = false) {
    super(detail.code);
    this.name = 'ApiError';
    this.detail = detail;
    this.endsSession = endsSession;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
