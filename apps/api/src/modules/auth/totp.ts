import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app reads it: 6 digits, 30-second steps, HMAC-SHA-1
// (docs/product/account-security.md#second-factor), through the `otpauth` library.

const PERIOD_SECONDS = 30;

function totpOf(secretBase32: string, issuer = '', label = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret of 160 random bits, in base32 (what the otpauth URI and manual entry carry). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, issuer: string, login: string): string {
  return totpOf(secretBase32, issuer, login).toString();
}

/**
 * The time step a code belongs to, when it is the current step's, the one before or the one after (a clock up to
 * 30 s off); null otherwise. The caller refuses a step at or before the last one accepted.
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Ten recovery codes `XXXXX-XXXXX` of 50 random bits each. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a typed recovery code is compared as: upper case, without spaces or dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function recoveryCodeHash(typed: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(typed)).digest('hex');
}
