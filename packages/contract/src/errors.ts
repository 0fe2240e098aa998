import { z } from 'zod';

/**
 * The closed error catalogue: every code the API may answer, with its one HTTP status
 * (docs/product/errors.md#catalogue). The web app translates codes, never server text, so each code has a
 * message in all four locale catalogues.
 *
 * Status rules: validation and business rules 400; bad or missing token or credentials 401; role or
 * organization 403; an id that is not the caller's or does not exist 404; on the platform API only, a change
 * the state of its objects forbids 409; upload too large 413; a body's media type the call does not take 415; idempotency conflict 422; rate limits 429; unexpected 500; database unreachable 503.
 *
 * Where the web app's behaviour depends on the status (docs/product/errors.md#status-rules), the status
 * follows it: the client turns every 403 into error.http.forbidden and every 401 it does not recognise into
 * error.http.unauthorized, so errors that must reach the user as themselves (not a team member, user
 * inactive) are 400.
 */
export const errorCatalogue = {
  // Generic
  'error.unknown': 500,
  'error.validation': 400,
  'error.accessDenied': 403,
  'error.http.unauthorized': 401,
  'error.http.forbidden': 403,
  'error.notFound': 404,
  'error.rateLimited': 429,
  'error.serviceUnavailable': 503,
  'error.idempotency.conflict': 422,
  // A body in a media type the call does not take (text/plain, XML on a JSON call): 415, whichever call.
  'error.unsupportedMediaType': 415,
  // A platform API import the importer refused (docs/product/platform-api.md#imports): the entry and why.
  'error.import.invalid': 400,
  // Webhooks (docs/product/platform-api.md#webhooks): another organization's endpoint or event is one that does
  // not exist; a disabled endpoint takes no retry (an edit re-enables it), nor does one an event of a type it does
  // not take.
  'error.webhook.notFound': 404,
  'error.webhook.tooMany': 400,
  'error.webhook.disabled': 409,
  'error.webhook.notSubscribed': 409,
  'error.event.notFound': 404,
  // A funder's offers (docs/product/funders.md#offers): withdrawing where it has none.
  'error.offer.notFound': 404,
  // Pricing with funders' offers (docs/product/funders.md#pricing): the offer named cannot take the set now
  // (replaced, withdrawn, expired, out of room, a credit past its bands): 409, nothing claimed; no offer can: 400.
  'error.offer.unavailable': 409,
  'error.offer.none': 400,
  // Ask the funders (docs/product/auction.md): another company's quote is one that does not exist; a set below the
  // program's quoteMinimum; a second OPEN quote of a participation; a bid or an acceptance after the close or the
  // acceptance; a bid that is not the quote's current one; a credit of the quote no longer available at acceptance.
  'error.quote.notFound': 404,
  'error.quote.tooSmall': 400,
  'error.quote.noFunders': 400,
  'error.quote.alreadyOpen': 409,
  'error.quote.closed': 409,
  'error.quote.bidNotFound': 404,
  'error.quote.creditUnavailable': 409,
  'error.upload.tooLarge': 413,
  'error.upload.unsupportedType': 400,
  // A credit holds at most invoiceUpload.maxPerCredit documents (docs/product/requests.md#service-invoices).
  'error.upload.tooMany': 400,
  // The electronic invoice (NF-e XML) checked against its credit (docs/product/requests.md#invoice-check); each
  // names in fieldErrors what the document says against what the credit says.
  'error.invoice.keyInvalid': 400,
  'error.invoice.signatureInvalid': 400,
  'error.invoice.issuerMismatch': 400,
  'error.invoice.recipientMismatch': 400,
  'error.invoice.numberMismatch': 400,
  'error.invoice.valueMismatch': 400,
  // An XML larger, with more elements or deeper than any electronic invoice (docs/product/requests.md#invoice-bounds):
  // refused before its signature is checked; fieldErrors name the bound (`size`, `elements` or `depth`).
  'error.invoice.tooLarge': 400,
  // OAuth token endpoint (RFC 6749 5.2 names, as its clients expect)
  invalid_client: 401,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  // Early-payment requests
  'error.operation.closed': 400,
  'error.bankAccount.empty': 400,
  // The caller's own missing bank data is a precondition of a request, not an addressed object: 400.
  'error.bankAccount.notFound': 400,
  'error.bank.notRegistered': 400,
  'error.batch.empty': 400,
  'error.batch.notFound': 404,
  'error.batch.wrongStatus': 400,
  'error.batch.reconciliationFailed': 400,
  'error.batch.reconciliationFailedAll': 400,
  // Credits that are gone or not claimable make the request invalid, so 400
  // (docs/product/requests.md#credit-set).
  'error.credit.notfound': 400,
  'error.credit.invalid': 400,
  'error.credit.wrongStatus': 400,
  'error.credit.importFailed': 400,
  'error.credit.invoiceRequired': 400,
  'error.provider.alreadyInProgram': 400,
  'error.provider.empty': 400,
  'error.provider.hasCredits': 400,
  'error.provider.notActive': 400,
  'error.provider.cannotAnticipate': 400,
  'error.provider.cannotCancel': 400,
  'error.request.batchDisabled': 400,
  'error.request.multiplePrograms': 400,
  'error.request.wrongProvider': 400,
  // Automatic rules and the cash planner (docs/product/automation.md). nothingToTake and missed are the
  // reasons of a rule's runs, never an HTTP answer.
  'error.autoRule.notFound': 404,
  'error.autoRule.timeOutsideWindow': 400,
  'error.autoRule.tooMany': 400,
  'error.autoRule.nothingToTake': 400,
  'error.autoRule.missed': 400,
  'error.plan.notEnough': 400,
  // Invitation
  'error.invite.not.found': 404,
  'error.invite.closed': 400,
  'error.invite.confirmed': 400,
  'error.invite.waitingConfirmation': 400,
  'error.invite.passwordDoesNotMatch': 400,
  'error.invite.phoneNumberAbsent': 400,
  // Users and login. The client keeps these three 401 descriptions (docs/product/errors.md#reading-an-error).
  'error.user.notfound': 401,
  'error.invalidpassword': 401,
  'error.user.notActivated': 401,
  'error.user.notactive': 400,
  'error.user.tooManyAttempts': 429,
  'error.user.noCompany': 400,
  'error.user.invalidParams': 400,
  'error.user.invalidClientId': 401,
  'error.user.loginEmpty': 400,
  'error.user.passwordMismatch': 400,
  'error.user.resetKeyDoesNotExists': 400,
  'error.user.pinNotRegistered': 400,
  'error.user.pinAlreadyRegistered': 400,
  'error.user.pinMismatch': 400,
  // Account security (docs/product/account-security.md). mfaRequired is the token call's answer to a right
  // password when a second factor is on; the code errors are 400 like OAuth's invalid_grant, so the client
  // shows them on the form instead of treating them as a lost session.
  'error.user.mfaRequired': 401,
  'error.user.mfaTokenInvalid': 400,
  'error.user.otpInvalid': 400,
  'error.user.twoFactorAlreadyEnabled': 400,
  'error.user.twoFactorNotEnabled': 400,
  'error.user.twoFactorNotSetUp': 400,
  'error.user.twoFactorRequired': 403,
  'error.user.pinRequired': 400,
  'error.user.pinLocked': 429,
  'error.session.notFound': 404,
  // The web sign-in over plain HTTP to an address other than this machine's: the session cookie needs HTTPS
  // (docs/product/accounts-and-sessions.md#web-session), unless SESSION_COOKIE_OVER_HTTP allows it.
  'error.session.httpsRequired': 400,
  'error.password.resetProblem': 400,
  'error.token.invalid': 401,
  'error.token.refreshError': 401,
  // Companies, people, programs
  'error.company.exists': 400,
  'error.company.notFound': 404,
  'error.company.noAddress': 400,
  'error.company.invalidRegistration': 400,
  'error.company.duplicateRegistration': 400,
  'error.email.alreadyInUse': 400,
  'error.email.blocked': 400,
  'error.person.exists': 400,
  'error.person.notFound': 404,
  'error.person.notTeamMember': 400,
  'error.program.empty': 400,
  'error.program.notFound': 404,
  'error.program.notEmpty': 400,
  'error.program.financierMissing': 400,
  'error.program.identifierKeyMissing': 400,
  'error.program.sessionTermNotFound': 404,
  'error.city.notFound': 404,
  'error.file.notFound': 404,
  'error.file.unreadable': 400,
  'error.organization.unauthorized': 403,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The refusals of an electronic invoice checked against its credit, each with its comparison in fieldErrors. */
export const invoiceRefusalCodes = [
  'error.invoice.keyInvalid',
  'error.invoice.signatureInvalid',
  'error.invoice.issuerMismatch',
  'error.invoice.recipientMismatch',
  'error.invoice.numberMismatch',
  'error.invoice.valueMismatch',
] as const satisfies readonly ErrorCode[];
export type InvoiceRefusalCode = (typeof invoiceRefusalCodes)[number];
export type ErrorStatus = (typeof errorCatalogue)[ErrorCode];

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** The statuses the rules above allow; a test keeps the catalogue inside them. */
export const allowedErrorStatuses = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503] as const;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): ErrorStatus {
  return errorCatalogue[code];
}

/**
 * What a document says against what the portal holds, for the field errors of an invoice refused against its
 * credit (error.invoice.*): identifications normalised, numbers as written, amounts as reais decimals
 * (`"1234.50"`). `credit` is absent where the credit has no counterpart (an access key).
 */
export const fieldErrorParamsSchema = z.object({ document: z.string(), credit: z.string().optional() });
export type FieldErrorParams = z.infer<typeof fieldErrorParamsSchema>;

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  params: fieldErrorParamsSchema.optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The one error body (docs/product/errors.md#error-body), every key always present. `code`, `message` and
 * `error_description` carry the same catalogue key; they are three because the inherited client reads all
 * three. `code` stays a string here so an older client parses a code added later; narrow it with
 * `isErrorCode`.
 */
export const errorBodySchema = z.object({
  httpStatus: z.number().int(),
  message: z.string(),
  code: z.string(),
  fieldErrors: z.array(fieldErrorSchema),
  error_description: z.string(),
  /**
   * Figures the message needs, for the few codes that carry some (error.plan.notEnough: `reachable`;
   * error.user.pinLocked: `until`, epoch milliseconds).
   */
  params: z.record(z.string(), z.number()).optional(),
  /**
   * On the token call's OAuth refusals (invalid_client, unsupported_grant_type, invalid_scope): the same code, as
   * RFC 6749 5.2 names it; on error.user.mfaRequired: `mfa_required`, with the one-use token for the `mfa_otp`
   * grant.
   */
  error: z.string().optional(),
  mfa_token: z.string().optional(),
  /** Only on a 403 to a machine token without the call's scope: the scope it lacks (RFC 6750 3.1). */
  scope: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The body of an answer with `code`. `status` is the code's own unless the answer's status differs: the codes
 * with two statuses (error.invalidpassword; error.credit.wrongStatus, 409 on the platform API's withdrawal) and
 * the framework's refusals answered with their own (415…).
 */
/** The token call's refusals named as RFC 6749 5.2 names them (docs/product/errors.md#error-body). */
const oauthErrorCodes: ReadonlySet<ErrorCode> = new Set([
  'invalid_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

export function errorBody(
  code: ErrorCode,
  fieldErrors: FieldError[] = [],
  status: number = statusOf(code),
  params?: Record<string, number>,
  mfaToken?: string,
): ErrorBody {
  const body: ErrorBody = { httpStatus: status, message: code, code, fieldErrors, error_description: code };
  // The token call's OAuth refusals also name themselves in `error`, where OAuth client libraries read them.
  if (oauthErrorCodes.has(code)) body.error = code;
  if (params) body.params = params;
  if (mfaToken) Object.assign(body, { error: 'mfa_required', mfa_token: mfaToken });
  return body;
}
