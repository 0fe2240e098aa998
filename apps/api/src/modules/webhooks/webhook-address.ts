import dns from 'node:dns';
import net from 'node:net';
import type { ValidationMessageKey } from '@portal/contract';
import ipaddr from 'ipaddr.js';

/*
 * Where a webhook may be sent (docs/product/platform-api.md#webhook-urls): `https://` to a public address only,
 * unless WEBHOOK_ALLOW_PRIVATE_URLS=true (development and tests, where receivers run on loopback, usually
 * without a certificate). The registration checks the name as it resolves then; every delivery checks again
 * the address it connects to (send-webhook.ts, request-filtering-agent), so a name that later resolves to a
 * private address (DNS rebinding) is refused at the moment it matters.
 */

/** `dns.lookup`'s shape with `all: true`, replaceable in tests to play a name that changes its answer. */
export type WebhookLookup = net.LookupFunction;

export type WebhookAddressRules = { allowPrivate: boolean; lookup: WebhookLookup };

export const defaultAddressRules = (allowPrivate: boolean): WebhookAddressRules => ({
  allowPrivate,
  lookup: dns.lookup as WebhookLookup,
});

/**
 * The same rule as request-filtering-agent's: only globally routable unicast addresses (no loopback, private,
 * link-local such as the cloud metadata 169.254.169.254, carrier-grade NAT, unique-local, reserved). An IPv4
 * address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

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
