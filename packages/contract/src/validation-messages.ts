import type { z } from 'zod';

/**
 * Every message a contract schema can put on a validation issue. They are catalogue keys, never English: the
 * server sends them in `fieldErrors[].message` and the web app translates them, so each locale catalogue must
 * hold all of them (the web app tests its catalogues against this list).
 */
export const validationMessageKeys = [
  'validation.required',
  'validation.invalid',
  'validation.unknownField',
  'validation.email.required',
  'validation.email.invalid',
  'validation.email.max',
  'validation.password.required',
  'validation.password.min',
  'validation.password.max',
  'validation.confirm.required',
  'validation.confirm.min',
  'validation.confirm.max',
  'validation.confirm.mismatch',
  'validation.currentPassword.required',
  'validation.pin.invalid',
  'validation.otp.required',
  'validation.personName.required',
  'validation.personName.max',
  'validation.phone.required',
  'validation.phone.invalid',
  'validation.terms.required',
  'validation.text.max',
  'validation.cpf.invalid',
  'validation.cnpj.invalid',
  'validation.identification.invalid',
  'validation.money.invalid',
  'validation.percent.invalid',
  'validation.rate.invalid',
  'validation.rates.tooHigh',
  'validation.offer.rateOutOfRange',
  'validation.offer.bandsNotIncreasing',
  'validation.date.invalid',
  'validation.time.invalid',
  'validation.month.invalid',
  'validation.instant.invalid',
  'validation.color.invalid',
  'validation.url.invalid',
  'validation.url.https',
  'validation.url.address',
  'validation.slug.invalid',
  'validation.timezone.invalid',
  'validation.id.invalid',
  'validation.page.invalid',
  'validation.size.invalid',
  'validation.limit.invalid',
  'validation.months.invalid',
  'validation.sort.invalid',
  'validation.ids.required',
  'validation.ids.max',
  'validation.ids.duplicate',
  'validation.ref.duplicate',
  'validation.ref.ambiguous',
  'validation.dates.order',
  'validation.days.invalid',
  'validation.days.order',
  'validation.defaultCompany.notListed',
  'validation.batch.creditOfOtherProvider',
  'validation.batch.creditInLiveBatch',
] as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[number];

const keySet: ReadonlySet<string> = new Set(validationMessageKeys);

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return keySet.has(value);
}

/** Typed zod error parameter, so a schema cannot use a key missing from the list above. */
export function msg(key: ValidationMessageKey, options: { abort?: boolean } = {}) {
  return { error: key, ...options };
}

/**
 * Error parameter for a field's type check: a missing value says "required", a value of the wrong type says
 * "invalid". Zod reports both as `invalid_type`; only the input tells them apart.
 */
export function requiredOr(
  required: ValidationMessageKey,
  invalid: ValidationMessageKey = 'validation.invalid',
) {
  return { error: (issue: z.core.$ZodRawIssue) => (issue.input === undefined ? required : invalid) };
}
