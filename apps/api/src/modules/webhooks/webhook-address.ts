import dns from 'node:dns';
import net from 'node:net';
import type { ValidationMessageKey } from '@portal/contract';
import ipaddr from 'ipaddr.js';

/*
 * Where a webhook may be sent (docs/product/platform-api.md#webhook-urls): `https://` to a public address only,
 * unless WEBHOOK_ALLOW_PRIVATE_URLS=true (development and tests, where receivers run on loopback, usually
 * without a certificate). One rule, `isPublicAddress`: the registration checks the name as it resolves then;
 * every delivery checks again the address it connects to (`publicAddressLookup` and `refusedHost`, used by
 * send-webhook.ts), so a name that later resolves to a private address (DNS rebinding) is refused at the moment
 * it matters.
 */

/** `dns.lookup`'s shape with `all: true`, replaceable in tests to play a name that changes its answer. */
export type WebhookLookup = net.LookupFunction;

export type WebhookAddressRules = { allowPrivate: boolean; lookup: WebhookLookup };

export const defaultAddressRules = (allowPrivate: boolean): WebhookAddressRules => ({
  allowPrivate,
  lookup: dns.lookup as WebhookLookup,
});

/**
 * The IPv4-compatible IPv6 block (::/96, RFC 4291 2.5.5.1, deprecated): no public host has such an address, and
 * ipaddr.js calls it `unicast`. The URL parser writes `[::127.0.0.1]` as `[::7f00:1]`, so it hides in hex too.
 */
const ipv4Compatible = ipaddr.parseCIDR('::/96');

/**
 * Where a webhook may connect: only globally routable unicast addresses (no loopback, private, link-local such
 * as the cloud metadata 169.254.169.254, carrier-grade NAT, unique-local, reserved, nor the IPv4-compatible
 * `::a9fe:a9fe`). An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && parsed.match(ipv4Compatible)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The error of a connection the rule refuses; its message is what the delivery log shows. */
export class AddressNotAllowedError extends Error {
  constructor(address: string) {
    super(`address not allowed: ${address}`);
  }
}

/** The host of a URL when it is an address the rule refuses (checked before connecting: no lookup is made). */
export function refusedHost(url: URL, rules: WebhookAddressRules): string | undefined {
  if (rules.allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) !== 0 && !isPublicAddress(host) ? host : undefined;
}

/**
 * The rules' lookup, failing with AddressNotAllowedError when the name resolves to an address the rule refuses:
 * the lookup a delivery's connection is made through, so the address judged is the one connected to.
 */
export function publicAddressLookup(rules: WebhookAddressRules): WebhookLookup {
  if (rules.allowPrivate) return rules.lookup;
  return ((hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    rules.lookup(hostname, options, ((error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      const refused = addresses.find((entry) => !isPublicAddress(entry));
      if (refused !== undefined) return callback(new AddressNotAllowedError(refused), '', 0);
      return callback(null, address, family);
    }) as LookupCallback);
  }) as WebhookLookup;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Why a URL may not be registered, as the catalogue key of its field error; undefined when it may. */
export async function refuseWebhookUrl(
  text: string,
  rules: WebhookAddressRules,
): Promise<ValidationMessageKey | undefined> {
  const url = new URL(text);
  // A password in the URL would be stored and shown in every listing: the secret is the signature's.
  if (url.username !== '' || url.password !== '') return 'validation.url.invalid';
  if (rules.allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'validation.url.https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : await resolveAll(host, rules.lookup);
  if (addresses === undefined) return 'validation.url.invalid';
  return addresses.every(isPublicAddress) ? undefined : 'validation.url.address';
}

function resolveAll(host: string, lookup: WebhookLookup): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    lookup(host, { all: true }, (error, addresses) => {
      if (error || !Array.isArray(addresses) || addresses.length === 0) resolve(undefined);
      else resolve(addresses.map((entry) => entry.address));
    });
  });
}
