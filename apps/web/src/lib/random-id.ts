/**
 * A random version-4 UUID (122 random bits), for the request's Idempotency-Key and the error screen's event id.
 * Built on crypto.getRandomValues, which exists outside secure contexts too (a plain-HTTP address that is not
 * localhost), where crypto.randomUUID does not.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10xx (RFC 9562)
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
