import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for a URL or header: `bytes` random bytes, base64url. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets (tokens, reset keys, invite tokens) are stored only as their SHA-256. */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}
