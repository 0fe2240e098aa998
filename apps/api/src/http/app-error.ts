import { type ErrorCode, type FieldError, statusOf } from '@portal/contract';

/** The one error type of the API: a catalogue code, its HTTP status, and optional field errors. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      fieldErrors?: FieldError[];
      headers?: Record<string, string>;
      /** Figures the message needs (the error body's `params`), e.g. error.plan.notEnough's `reachable`. */
      params?: Record<string, number>;
      /** Only with error.user.mfaRequired: the one-use token for the token call's `mfa_otp` grant. */
      mfaToken?: string;
      /**
       * Only for the one code with two statuses (docs/product/errors.md#status-rules): error.invalidpassword
       * is 401 on login and 400 for a wrong current password on change_password (the session is fine; the
       * form field is wrong).
       */
      status?: number;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = options.status ?? statusOf(code);
  }
}
