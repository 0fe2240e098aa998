import { isValidationMessageKey, type ValidationMessageKey } from '@portal/contract';
import type { z } from 'zod';

export type JsonPath = readonly PropertyKey[];

/**
 * A rejected import file. The message starts with the JSON path of the first bad entry
 * (`credits[12].originalValue: …`) so the operator can go straight to it; nothing was written. `key` is the
 * catalogue key of what is wrong (the platform API's field error: docs/product/errors.md), the reason the
 * operator's words.
 */
export class ImportError extends Error {
  override readonly name = 'ImportError';

  constructor(
    readonly path: string,
    readonly reason: string,
    readonly key: ValidationMessageKey = 'validation.invalid',
  ) {
    super(`${path}: ${reason}`);
  }

  static at(path: JsonPath, reason: string, key?: ValidationMessageKey): ImportError {
    return new ImportError(formatPath(path), reason, key);
  }
}

/** `['credits', 12, 'originalValue']` → `credits[12].originalValue`; the empty path is the document itself. */
export function formatPath(path: JsonPath): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(document)' : out;
}

/*
 * The contract's messages are catalogue keys meant for the web app's translations; an operator reading a
 * terminal gets the key (searchable) followed by what it means in plain words.
 */
const explanations: Record<string, string> = {
  'validation.required': 'required',
  'validation.invalid': 'not an accepted value',
  'validation.unknownField': 'unknown key',
  'validation.money.invalid':
    'money must be a decimal string in reais with at most 2 decimals, e.g. "10000.00"',
  'validation.rate.invalid': 'a rate must be a decimal fraction between 0 and 1 as a string, e.g. "0.015"',
  'validation.rates.tooHigh':
    'the costs of a credit due 365 days after its payment date (monthly rate × 365/30 + platform fee + daily IOF × 365 + fixed IOF, of every IOF entry) must be at most 90 % of its value, so no credit of R$ 0.20 or more is priced below zero',
  'validation.cnpj.invalid':
    'not a valid CNPJ (12 digits or letters A-Z, then 2 check digits that must match them; punctuation and case are free)',
  'validation.cpf.invalid': 'not a valid CPF (11 digits with valid check digits)',
  'validation.identification.invalid':
    'identifications are a CPF or a CNPJ: digits, letters A-Z (CNPJ only) and the punctuation . / -',
  'validation.date.invalid': 'dates are YYYY-MM-DD, from 1900-01-01 to 9999-12-31',
  'validation.time.invalid': 'times are HH:mm',
  'validation.instant.invalid':
    'instants are ISO 8601 with an offset, e.g. "2026-01-01T00:00:00-03:00", from 1900-01-01 to 9999-12-31 in UTC',
  'validation.color.invalid': 'colors are #rgb or #rrggbb',
  'validation.url.invalid':
    'not an http(s) URL; a chat script’s host must be a plain name or an IPv4 address, without user or password',
  'validation.url.https': 'not an https:// URL',
  'validation.slug.invalid': 'slugs are lower-case letters, digits and dashes',
  'validation.timezone.invalid': 'not an IANA time zone, e.g. "America/Sao_Paulo"',
  'validation.email.invalid': 'not an email address',
  'validation.phone.invalid': 'phones are digits only: area code and number, e.g. "11987654321"',
  'validation.password.min': 'passwords have at least 4 characters',
  'validation.password.max': 'passwords have at most 100 characters',
  'validation.text.max': 'too long',
  'validation.ref.duplicate': 'an earlier entry of this kind has the same key in the same organization',
  'validation.ref.ambiguous': 'this ref names entries in several organizations of the file',
  'validation.dates.order': 'ends before it starts',
  'validation.defaultCompany.notListed': 'the default company must be one of the user\u2019s companies',
  'validation.ids.duplicate': 'listed twice',
  'validation.ids.max': 'too many (at most 5000)',
  'validation.batch.creditOfOtherProvider': 'a request holds credits of its own program provider only',
  'validation.batch.creditInLiveBatch':
    'an earlier REQUESTED or PAID request of the file already holds this credit (a credit is in one live request at most)',
};

/** The first issue of a failed parse, as an ImportError. Zod reports issues in document order. */
export function importErrorFromZod(error: z.ZodError): ImportError {
  const issue = error.issues[0];
  if (!issue) return new ImportError('(document)', 'invalid');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => JSON.stringify(k)).join(', ');
    return ImportError.at(
      issue.path,
      `unknown key ${keys} (validation.unknownField)`,
      'validation.unknownField',
    );
  }
  const explanation = explanations[issue.message];
  const reason = explanation ? `${issue.message}: ${explanation}` : issue.message;
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  return ImportError.at(
    issue.path,
    `${reason}${missing ? ' (missing)' : describeInput(issue.input)}`,
    isValidationMessageKey(issue.message) ? issue.message : 'validation.invalid',
  );
}

function describeInput(input: unknown): string {
  if (input === undefined) return '';
  if (input === null || typeof input !== 'object') {
    const text = JSON.stringify(input);
    return ` (got ${text.length > 60 ? `${text.slice(0, 57)}...` : text})`;
  }
  return '';
}
