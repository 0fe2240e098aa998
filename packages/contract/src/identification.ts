import { z } from 'zod';
import { type CompanyType, companyTypeSchema } from './enums';
import { msg, requiredOr } from './validation-messages';

/*
 * Brazilian tax ids travel and are stored as digits only (the masks 000.000.000-00 and 00.000.000/0000-00
 * are display concerns). The alphanumeric CNPJ announced for July 2026 is not accepted yet: the product says
 * digits only (docs/product/README.md#glossary), so a change there is a contract change.
 */

const digitsOf = (value: string): number[] => [...value].map(Number);

/** Check digit of the modulo-11 scheme shared by CPF and CNPJ, for the given weights. */
function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Same-digit sequences pass the arithmetic but are not issued, so they are rejected explicitly. */
const isRepeated = (value: string): boolean => /^(\d)\1*$/.test(value);

export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || isRepeated(value)) return false;
  const digits = digitsOf(value);
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[9] === first && digits[10] === second;
}

export function isValidCnpj(value: string): boolean {
  if (!/^\d{14}$/.test(value) || isRepeated(value)) return false;
  const digits = digitsOf(value);
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[12] === first && digits[13] === second;
}

/** INDIVIDUAL companies are identified by a CPF, CORPORATION ones by a CNPJ. */
export function isValidIdentification(type: CompanyType, value: string): boolean {
  return type === 'INDIVIDUAL' ? isValidCpf(value) : isValidCnpj(value);
}

/** The company type an identification belongs to, judged by its length (11 digits CPF, 14 CNPJ). */
export function companyTypeOf(identification: string): CompanyType | undefined {
  if (identification.length === 11) return companyTypeSchema.enum.INDIVIDUAL;
  if (identification.length === 14) return companyTypeSchema.enum.CORPORATION;
  return undefined;
}

// The patterns come first (and abort) so OpenAPI documents the shape and a wrong shape gives one issue.
export const cpfSchema = z
  .string(requiredOr('validation.required'))
  .regex(/^\d{11}$/, msg('validation.cpf.invalid', { abort: true }))
  .refine(isValidCpf, msg('validation.cpf.invalid'));

export const cnpjSchema = z
  .string(requiredOr('validation.required'))
  .regex(/^\d{14}$/, msg('validation.cnpj.invalid', { abort: true }))
  .refine(isValidCnpj, msg('validation.cnpj.invalid'));

/** A CPF or a CNPJ; use `isValidIdentification` when the company type is known (the import does). */
export const identificationSchema = z
  .string(requiredOr('validation.required'))
  .regex(/^(\d{11}|\d{14})$/, msg('validation.identification.invalid', { abort: true }))
  .refine((value) => {
    const type = companyTypeOf(value);
    return type !== undefined && isValidIdentification(type, value);
  }, msg('validation.identification.invalid'));
