import { errorBody, getChatCall, logoutCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { createOrganization, createUser } from '../../../test/factories';
import { organizations } from '../../db/schema';

// Order matters in this file: the first test runs while the database holds one organization.
const t = await buildTestApp();
const acme = await createOrganization(t.db, {
  slug: 'acme',
  chatEnabled: true,
  chatScriptUrl: 'https://chat.example.test/widget.js',
  chatSettings: { appId: 'acme-123', position: 'right', zIndex: 1000, greeting: null, compact: false },
});

const chat = (headers: Record<string, string> = {}) => injectCall(t.app, getChatCall, { headers });
const acmeChat = {
  enabled: true,
  scriptUrl: 'https://chat.example.test/widget.js',
  settings: { appId: 'acme-123', position: 'right', zIndex: 1000, greeting: null, compact: false },
};

describe('GET organizations/chat', () => {
  it('answers the only organization’s chat without a header or token', async () => {
    const res = await chat();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(acmeChat);
  });

  it('with several organizations: the header’s, or 403 without one or with an unknown slug', async () => {
    await createOrganization(t.db, { slug: 'beta' });
    expect((await chat({ organization: 'beta' })).json()).toEqual({
      enabled: false,
      scriptUrl: null,
      settings: {},
    });
    expect((await chat({ organization: 'acme' })).json()).toEqual(acmeChat);
    for (const headers of [{}, { organization: 'nope' }] as Record<string, string>[]) {
      const res = await chat(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(errorBody('error.organization.unauthorized'));
    }
  });

  it('prefers the token’s organization to the header, and ignores a token that is not live', async () => {
    const user = await createUser(t.db, acme.id, { authorities: ['ROLE_USER'] });
    const auth = await loginAs(t.app, { ...user, organization: 'acme' });
    expect((await chat({ ...auth, organization: 'beta' })).json()).toEqual(acmeChat);
    expect((await chat(auth)).json()).toEqual(acmeChat);
    await injectCall(t.app, logoutCall, { headers: auth });
    const stale = await chat({ ...auth, organization: 'beta' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().enabled).toBe(false);
  });

  it('leaves out settings that are not plain values', async () => {
    await t.db
      .update(organizations)
      .set({ chatSettings: { appId: 'x', nested: { a: 1 }, list: [1] } })
      .where(eq(organizations.id, acme.id));
    expect((await chat({ organization: 'acme' })).json().settings).toEqual({ appId: 'x' });
  });
});
