import { funderScopes, issueTokenCall, type PlatformScope, platformScopes } from '@portal/contract';
import { createMachineClient } from '../src/modules/machine-clients/machine-clients';
import { injectCall, type TestApp } from './app';

/**
 * A machine client of the organization and a token of it from the client credentials grant, as the platform's
 * systems get one (docs/product/platform-api.md#tokens): the Authorization header to send. With `funderId`, a
 * funder's client (docs/product/funders.md#clients).
 */
export async function machineToken(
  t: TestApp,
  organizationId: number,
  scopes: readonly PlatformScope[],
  /** A funder's client (docs/product/funders.md#clients). */
  funderId?: number,
) {
  const client = await createMachineClient(t.db, {
    organizationId,
    funderId,
    name: 'test',
    scopes: [...scopes],
    now: t.clock.now(),
  });
  const res = await injectCall(t.app, issueTokenCall, {
    body: {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    },
  });
  if (res.statusCode !== 200)
    throw new Error(`client credentials grant failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}

export const machineTokenWithEveryScope = (t: TestApp, organizationId: number) =>
  machineToken(t, organizationId, platformScopes);

/** A funder's client with every scope a funder's client may have. */
export const funderToken = (t: TestApp, organizationId: number, funderId: number) =>
  machineToken(t, organizationId, funderScopes, funderId);
