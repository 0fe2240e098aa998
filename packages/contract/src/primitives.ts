import { z } from 'zod';
import { msg, requiredOr, type ValidationMessageKey } from './validation-messages';

// Field schemas shared by bodies, responses, forms and the import file. The vocabularies, tax ids and money
// live in their own files; they are re-exported here so "a field" has one import path.
export * from './enums';
export * from './identification';
export * from './money';

/** Limits of docs/product/screens-and-routes.md#constants; the web app uses them for `maxLength` too. */
export const limits = {
  emailMax: 100,
  personNameMax: 255,
  passwordMin: 4,
  passwordMax: 100,
  /** A serial id of PostgreSQL is an int4; a larger path id would reach the database as an error. */
  idMax: 2_147_483_647,
  /** The largest whole number an int4 column keeps (an installment number). */
  int4Max: 2_147_483_647,
  /**
   * The first and last day a date may name, and the range of an instant's UTC day: four-digit years, which the
   * calendar, the time zones and the database driver all read back (year 0 and 10000 they do not).
   */
  dateMin: '1900-01-01',
  dateMax: '9999-12-31',
  /** An address (terms, chat script, webhook): browsers and servers keep far longer ones, but none need to. */
  urlMax: 2000,
  /** Free text of the import file: a credit's order detail, a notice's message, HTML of terms and notices. */
  detailMax: 1000,
  messageMax: 5000,
  htmlMax: 100_000,
  /** Opaque invite tokens and reset keys are far shorter; the bound only stops abuse. */
  tokenMax: 256,
  textMax: 255,
  /** The most credits one estimate or request names (and so what a rule's run or a plan may hold). */
  creditIdsMax: 5000,
} as const;

/** The "standard pattern" of an email, as zod ships it (no quoted local parts, no IP literals). */
export const emailPattern = z.regexes.email;

/** Trimmed first, so a pasted address with spaces is accepted; empty reports "required" once. */
export const emailSchema = z
  .string(requiredOr('validation.email.required', 'validation.email.invalid'))
  .trim()
  .min(1, msg('validation.email.required', { abort: true }))
  .max(limits.emailMax, msg('validation.email.max', { abort: true }))
  .regex(emailPattern, msg('validation.email.invalid'));

type PasswordKeys = { required: ValidationMessageKey; min: ValidationMessageKey; max: ValidationMessageKey };

/** A 4..100 password with the message keys of the field it fills (password, confirmation, …). */
export function passwordOf(keys: PasswordKeys) {
  return z
    .string(requiredOr(keys.required))
    .min(1, msg(keys.required, { abort: true }))
    .min(limits.passwordMin, msg(keys.min, { abort: true }))
    .max(limits.passwordMax, msg(keys.max));
}

export const passwordSchema = passwordOf({
  required: 'validation.password.required',
  min: 'validation.password.min',
  max: 'validation.password.max',
});

export const confirmSchema = passwordOf({
  required: 'validation.confirm.required',
  min: 'validation.confirm.min',
  max: 'validation.confirm.max',
});

export const personNameSchema = z
  .string(requiredOr('validation.personName.required'))
  .trim()
  .min(1, msg('validation.personName.required', { abort: true }))
  .max(limits.personNameMax, msg('validation.personName.max'));

/** Digits only: a 2-digit area code (each digit 1-9) then 8 or 9 digits; the mask (AA) NNNNN-NNNN is UI. */
export const phonePattern = /^[1-9]{2}\d{8,9}$/;
export const phoneSchema = z
  .string(requiredOr('validation.phone.required', 'validation.phone.invalid'))
  .regex(phonePattern, msg('validation.phone.invalid'));

/** A required, non-blank text with an upper bound (names, titles, numbers of an invoice). */
export function textSchema(max: number = limits.textMax) {
  return z
    .string(requiredOr('validation.required'))
    .min(1, msg('validation.required', { abort: true }))
    .max(max, msg('validation.text.max'));
}

/** A transaction PIN: exactly 6 digits (docs/product/account-security.md#pin). */
export const pinSchema = z
  .string(requiredOr('validation.pin.invalid'))
  .regex(/^\d{6}$/, msg('validation.pin.invalid'));

/**
 * A second-factor code as typed: 6 digits from the app, or a recovery code (`XXXXX-XXXXX`, any case, spaces
 * and dashes ignored by the server). Only bounded here; which one it is and whether it is right is the server's.
 */
export const otpSchema = z
  .string(requiredOr('validation.otp.required'))
  .trim()
  .min(1, msg('validation.otp.required', { abort: true }))
  .max(32, msg('validation.text.max'));

/** Opaque secrets carried in paths and bodies: invite tokens, reset keys. */
export const opaqueTokenSchema = textSchema(limits.tokenMax);

const inDateRange = (date: string) => date >= limits.dateMin && date <= limits.dateMax;

/** A calendar date, `YYYY-MM-DD`, checked to exist (no 2025-02-29), from 1900-01-01 to 9999-12-31. */
export const isoDateSchema = z.iso
  .date(msg('validation.date.invalid', { abort: true }))
  .refine(inDateRange, msg('validation.date.invalid'));

/** A wall-clock time, `HH:mm`, 00:00 to 23:59. */
export const timeSchema = z
  .string(msg('validation.time.invalid'))
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg('validation.time.invalid'));

/** A calendar month, `YYYY-MM` (the portfolio chart). */
export const monthSchema = z
  .string(msg('validation.month.invalid'))
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, msg('validation.month.invalid'));

/**
 * An instant, ISO 8601 with an explicit offset (`Z` or `±hh:mm`): never a zone-less local time. Its UTC day
 * falls within the dates' range (`9999-12-31T23:59:59-12:00` is in year 10000).
 */
export const instantSchema = z.iso
  .datetime({ offset: true, ...msg('validation.instant.invalid', { abort: true }) })
  .refine(
    (instant) => inDateRange(new Date(instant).toISOString().slice(0, 10)),
    msg('validation.instant.invalid'),
  );

/** `#rgb` or `#rrggbb`, as program colors are stored. */
export const hexColorSchema = z
  .string(msg('validation.color.invalid'))
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, msg('validation.color.invalid'));

export const urlSchema = z
  .url({ protocol: /^https?$/, ...msg('validation.url.invalid', { abort: true }) })
  .max(limits.urlMax, msg('validation.text.max'));

/** An id in a body or a response. */
export const idSchema = z
  .number(msg('validation.id.invalid'))
  .int(msg('validation.id.invalid'))
  .positive(msg('validation.id.invalid'))
  .max(limits.idMax, msg('validation.id.invalid'));

/**
 * A path's or a querystring's integer as a client writes one: decimal digits only. `Number()` alone would also
 * read "1e3", "0x10" or " 12", and a cursor stored from such an answer would skip what lies before it.
 */
const fromDigits = (value: unknown) =>
  typeof value === 'string' ? (/^\d+$/.test(value) ? Number(value) : Number.NaN) : value;

/** An id in a path: the router hands over strings of digits ("12" → 12; "abc", "0", "1.5", "1e1" fail). */
export const idParamSchema = z.preprocess(
  fromDigits,
  z
    .number(msg('validation.id.invalid', { abort: true }))
    .int(msg('validation.id.invalid', { abort: true }))
    .positive(msg('validation.id.invalid', { abort: true }))
    .max(limits.idMax, msg('validation.id.invalid')),
);

/** An optional bounded integer of a querystring, from its string of digits; one error however it fails. */
export function queryIntSchema(options: { min: number; max: number; key: ValidationMessageKey }) {
  const error = msg(options.key, { abort: true });
  return z.preprocess(fromDigits, z.number(error).int(error).min(options.min, error).max(options.max, error));
}

/**
 * A request body: unknown fields are rejected (docs/product/calls.md#strict-bodies), with catalogue keys for
 * the object's own issues (an unknown field, or a body that is not an object at all).
 */
export function strictBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'validation.unknownField' : 'validation.invalid'),
  });
}
