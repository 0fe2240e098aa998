import { z } from 'zod';
import { msg } from './validation-messages';

/*
 * Money is integer centavos (bigint) everywhere except on the wire, which keeps the inherited shape: a JSON
 * number in reais with at most 2 fraction digits (`"value": 1234.56`). The two helpers below are the only
 * crossings between the representations, so no float arithmetic ever touches an amount.
 */

/**
 * Largest amount on the wire: R$ 100 billion (10^13 centavos), far above any invoice or batch. Up to it a
 * double tells every centavo apart and a third decimal from float noise; far beyond, it cannot.
 */
export const maxWireCents = 10_000_000_000_000;

/**
 * True when `value` is a finite amount in reais with at most 2 fraction digits: `value * 100` lands within
 * float noise of an integer. The noise is at most 2^-52 of the amount (one rounding of the decimal, one of the
 * product), so the tolerance is 1e-9 for everyday amounts and grows with the amount; a third decimal lands
 * at least 0.1 away.
 */
export function isWireMoney(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const cents = value * 100;
  if (Math.abs(cents) > maxWireCents) return false;
  const tolerance = Math.max(1e-9, Math.abs(cents) * 4 * Number.EPSILON);
  return Math.abs(Math.round(cents) - cents) <= tolerance;
}

/** Amount in reais on the wire. Signed: a wire format must not hide a pricing bug behind a 500. */
export const moneySchema = z
  .number(msg('validation.money.invalid'))
  .refine(isWireMoney, msg('validation.money.invalid'));

export function centsToWire(cents: bigint | number): number {
  const value = typeof cents === 'bigint' ? Number(cents) : cents;
  if (!Number.isSafeInteger(value))
    throw new RangeError(`centsToWire: ${String(cents)} is not a safe integer`);
  // Integer division by 100 is correctly rounded, so the result is the double nearest the decimal amount.
  return value / 100;
}

export function wireToCents(value: number): bigint {
  if (!isWireMoney(value)) throw new RangeError(`wireToCents: ${value} is not an amount with 2 decimals`);
  return BigInt(Math.round(value * 100));
}

/**
 * A percent number (1.5 means 1.5 %), as the simulation example sends its remunerations; the web app divides
 * by 100 before formatting.
 */
export const percentSchema = z
  .number(msg('validation.percent.invalid'))
  .min(0, msg('validation.percent.invalid'));

/** Money in the import file: a decimal string in reais, at most 2 decimals, never negative. */
export const moneyStringSchema = z
  .string(msg('validation.money.invalid'))
  .regex(/^\d{1,13}(\.\d{1,2})?$/, msg('validation.money.invalid'));

/** A rate in the import file: a decimal fraction as a string between 0 and 1 ("0.015" is 1.5 %). */
export const rateStringSchema = z
  .string(msg('validation.rate.invalid'))
  .regex(/^(0(\.\d{1,12})?|1(\.0{1,12})?)$/, msg('validation.rate.invalid'));

/** Centavos of an import money string, exact (no float on the way). */
export function moneyStringToCents(value: string): bigint {
  const [reais = '0', fraction = ''] = value.split('.');
  return BigInt(reais) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Centavos (never negative) as a money string with 2 places, `"1234.50"`: the import file's and the platform's form. */
export function centsToMoneyString(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}
