import { z } from 'zod';

/**
 * What a machine client may do on the platform API (docs/product/platform-api.md#scopes): each platform call
 * needs one of these, and a client is given a set of them when it is created.
 */
export const platformScopes = [
  'imports:write',
  'credits:write',
  'batches:read',
  'batches:write',
  'events:read',
  'webhooks:write',
  'offers:write',
] as const;
export const platformScopeSchema = z.enum(platformScopes);
export type PlatformScope = z.infer<typeof platformScopeSchema>;

/**
 * What a funder's client may be given (docs/product/funders.md#clients): its offers, the requests it funds and
 * their events. Imports and withdrawals are the platform's; `offers:write` is the funders' alone.
 */
export const funderScopes = [
  'offers:write',
  'batches:read',
  'batches:write',
  'events:read',
  'webhooks:write',
] as const satisfies readonly PlatformScope[];

/**
 * The `scope` of a token request: space-separated (RFC 6749 3.3), in any order; undefined when a word is not
 * a platform scope.
 */
export function parseScopeList(text: string): PlatformScope[] | undefined {
  const words = text.split(' ').filter((word) => word !== '');
  const scopes = words.filter((word): word is PlatformScope => platformScopeSchema.safeParse(word).success);
  return scopes.length === words.length ? [...new Set(scopes)] : undefined;
}
