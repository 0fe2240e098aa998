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
      /** Only on a 403 to a machine token: the scope the call needs (the body's `scope`, RFC 6750 3.1). */
      scope?: string;
      /**
       * The body's `error_description` when a machine client needs more than the code (an import's refused
       * entry and why); it is the code otherwise.
       */
      description?: string;
      /**
       * Only for the codes with two statuses (docs/product/errors.md#status-rules): error.invalidpassword
       * is 401 on login and 400 for a wrong current password on change_password (the session is fine; the
       * form field is wrong); error.credit.wrongStatus is 409 on the platform API's withdrawal, and
       * error.batch.wrongStatus on its settlement.
       */
      status?: number;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = options.status ?? statusOf(code);
  }
}
