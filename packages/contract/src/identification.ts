import { z } from 'zod';
import { type CompanyType, companyTypeSchema } from './enums';
import { msg, requiredOr } from './validation-messages';

/*
 * Brazilian tax ids (docs/product/identification.md). They travel and are stored upper-cased without
 * punctuation: a CPF as 11 digits, a CNPJ as 14 characters, 12 of `0-9A-Z` (the alphanumeric CNPJ issued since
 * July 2026) and 2 numeric check digits. The masks are display concerns, and `formatIdentification` is the one
 * place that applies them, for the web app and the API alike.
 */

/** What a person or a file may type around an identification: dots, slashes, dashes and spaces. */
const punctuation = /[.\-/\s]/g;

/**
 * The stored form of what was typed: punctuation dropped, letters upper-cased. Anything else is kept, so a
 * stray character still fails validation instead of vanishing.
 */
export function normalizeIdentification(value: string): string {
  return value.replace(punctuation, '').toUpperCase();
}

/** Each character is worth its ASCII code minus 48: digits keep their value, A = 17 … Z = 42. */
const valuesOf = (value: string): number[] => [...value].map((char) => char.charCodeAt(0) - 48);

/** Check digit of the modulo-11 scheme shared by CPF and CNPJ, for the given weights. */
function checkDigit(values: readonly number[], weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * (values[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Same-character sequences pass the arithmetic but are not issued, so they are rejected explicitly. */
const isRepeated = (value: string): boolean => /^(.)\1*$/.test(value);

const cpfShape = /^\d{11}$/;
/** Root and order alphanumeric, the two check digits always numeric. */
const cnpjShape = /^[0-9A-Z]{12}\d{2}$/;

const cnpjFirstWeights = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const cnpjSecondWeights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CPF in its stored form (11 digits). */
export function isValidCpf(value: string): boolean {
  if (!cpfShape.test(value) || isRepeated(value)) return false;
  const values = valuesOf(value);
  const first = checkDigit(values, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(values, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return values[9] === first && values[10] === second;
}

/** The two check digits of a CNPJ's first 12 characters (numeric or alphanumeric). */
export function cnpjCheckDigits(base: string): string {
  const values = valuesOf(base);
  const first = checkDigit(values, cnpjFirstWeights);
  const second = checkDigit([...values, first], cnpjSecondWeights);
  return `${first}${second}`;
}

/** A CNPJ in its stored form: 14 characters, numeric or alphanumeric. */
export function isValidCnpj(value: string): boolean {
  if (!cnpjShape.test(value) || isRepeated(value)) return false;
  return value.slice(12) === cnpjCheckDigits(value.slice(0, 12));
}

/** INDIVIDUAL companies are identified by a CPF, CORPORATION ones by a CNPJ. */
export function isValidIdentification(type: CompanyType, value: string): boolean {
  return type === 'INDIVIDUAL' ? isValidCpf(value) : isValidCnpj(value);
}

/** The company type a stored identification belongs to, judged by its length (11 CPF, 14 CNPJ). */
export function companyTypeOf(identification: string): CompanyType | undefined {
  if (identification.length === 11) return companyTypeSchema.enum.INDIVIDUAL;
  if (identification.length === 14) return companyTypeSchema.enum.CORPORATION;
  return undefined;
}

/**
 * CPF `000.000.000-00`, CNPJ `SS.SSS.SSS/SSSS-NN` (numeric or alphanumeric), from the stored form or from what
 * was typed; anything else as given (docs/product/identification.md#display).
 */
export function formatIdentification(value: string): string {
  const stored = normalizeIdentification(value);
  if (cpfShape.test(stored)) return stored.replace(/^(.{3})(.{3})(.{3})(.{2})$/, '$1.$2.$3-$4');
  if (cnpjShape.test(stored)) return stored.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

/** Which kind of tax id a stored or typed identification is, by its shape; undefined for neither. */
export function identificationKindOf(value: string): 'CPF' | 'CNPJ' | undefined {
  const stored = normalizeIdentification(value);
  if (cpfShape.test(stored)) return 'CPF';
  if (cnpjShape.test(stored)) return 'CNPJ';
  return undefined;
}

/**
 * What was typed as the start of a stored identification (the company search's prefix), or undefined when it
 * cannot be one.
 */
export function identificationPrefixOf(typed: string): string | undefined {
  const prefix = normalizeIdentification(typed);
  return /^[0-9A-Z]{1,14}$/.test(prefix) ? prefix : undefined;
}

// The patterns come first (and abort) so OpenAPI documents the shape and a wrong shape gives one issue.
export const cpfSchema = z
  .string(requiredOr('validation.required'))
  .regex(cpfShape, msg('validation.cpf.invalid', { abort: true }))
  .refine(isValidCpf, msg('validation.cpf.invalid'));

export const cnpjSchema = z
  .string(requiredOr('validation.required'))
  .regex(cnpjShape, msg('validation.cnpj.invalid', { abort: true }))
  .refine(isValidCnpj, msg('validation.cnpj.invalid'));

/**
 * A CPF or a CNPJ in its stored form, as answers carry it; use `isValidIdentification` when the company type is
 * known (the import does).
 */
export const identificationSchema = z
  .string(requiredOr('validation.required'))
  .regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, msg('validation.identification.invalid', { abort: true }))
  .refine((value) => {
    const type = companyTypeOf(value);
    return type !== undefined && isValidIdentification(type, value);
  }, msg('validation.identification.invalid'));
