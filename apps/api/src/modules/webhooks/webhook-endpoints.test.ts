import {
  buildPath,
  createWebhookEndpointCall,
  deleteWebhookEndpointCall,
  errorBody,
  listWebhookDeliveriesCall,
  listWebhookEndpointsCall,
  retryWebhookDeliveryCall,
  updateWebhookEndpointCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createSupplier } from '../../../test/estimates-factories';
import { createFunder } from '../../../test/funders-factories';
import { funderToken, machineToken } from '../../../test/machine-clients';
import { scriptedLookup } from '../../../test/webhooks';

/*
 * Registering webhook endpoints (docs/product/platform-api.md#webhooks, #webhook-urls), as production runs it:
 * private addresses refused. Names resolve through a scripted lookup (the test network has no DNS):
 * hooks.example.com is public, internal.example.com private.
 */

const lookup = scriptedLookup({
  'hooks.example.com': '93.184.215.14',
  'internal.example.com': '10.1.2.3',
  'metadata.example.com': '169.254.169.254',
  'compat.example.com': '::a9fe:a9fe',
  'mapped.example.com': '::ffff:8.8.8.8',
});
const t = await buildTestApp(
  {},
  { keepLogs: true, webhooks: { addressRules: { allowPrivate: false, lookup } } },
);
const supplier = await createSupplier(t.app, t.db);
const client = await machineToken(t, supplier.org.id, ['webhooks:write']);

const register = (body: object, headers = client) =>
  t.app.inject({ method: 'POST', url: buildPath(createWebhookEndpointCall), payload: body, headers });
const list = (headers = client) =>
  t.app.inject({ method: 'GET', url: buildPath(listWebhookEndpointsCall), headers });
const urlRefused = (message: string) => errorBody('error.validation', [{ field: 'url', message } as never]);

describe('POST /api/platform/v1/webhook-endpoints', () => {
  it('registers an endpoint and answers its secret this once: never in the list, never in a log line', async () => {
    const res = await register({
      url: 'https://hooks.example.com/portal',
      events: ['batch.paid', 'batch.requested'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.example.com/portal',
      events: ['batch.requested', 'batch.paid'],
      createdAt: t.clock.now().toISOString(),
      disabledAt: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const listed = await list();
    expect(listed.json().content).toContainEqual({
      id: created.id,
      url: 'https://hooks.example.com/portal',
      events: ['batch.requested', 'batch.paid'],
      createdAt: created.createdAt,
      disabledAt: null,
    });
    expect(listed.body).not.toContain(created.secret);
    expect(t.logLines.join('\n')).not.toContain(created.secret.slice('whsec_'.length));
    expect(t.logLines.join('\n')).not.toContain('whsec_');
  });

  it('sends every event type when none is named', async () => {
    const res = await register({ url: 'https://hooks.example.com/all' });
    expect(res.json().events).toEqual([
      'batch.requested',
      'batch.cancelled',
      'batch.paid',
      'batch.rejected',
      'invoice.uploaded',
      'quote.requested',
      'quote.closed',
    ]);
  });

  it('refuses http://, private and metadata addresses, by name or by number, and a password in the URL', async () => {
    const cases: [string, string][] = [
      ['http://hooks.example.com/portal', 'validation.url.https'],
      ['https://127.0.0.1/hooks', 'validation.url.address'],
      ['https://[::1]/hooks', 'validation.url.address'],
      ['https://10.0.0.8/hooks', 'validation.url.address'],
      ['https://192.168.1.20/hooks', 'validation.url.address'],
      ['https://169.254.169.254/latest/meta-data', 'validation.url.address'],
      ['https://[::ffff:10.0.0.1]/hooks', 'validation.url.address'],
      // IPv4-compatible IPv6 (::/96, deprecated): the URL parser writes [::127.0.0.1] as [::7f00:1].
      ['https://[::a9fe:a9fe]/latest/meta-data', 'validation.url.address'],
      ['https://[::127.0.0.1]/hooks', 'validation.url.address'],
      ['https://[::a00:1]/hooks', 'validation.url.address'],
      ['https://[::8.8.8.8]/hooks', 'validation.url.address'],
      ['https://compat.example.com/hooks', 'validation.url.address'],
      ['https://internal.example.com/hooks', 'validation.url.address'],
      ['https://metadata.example.com/hooks', 'validation.url.address'],
      ['https://nowhere.example.com/hooks', 'validation.url.invalid'],
      ['https://user:pass@hooks.example.com/hooks', 'validation.url.invalid'],
      ['ftp://hooks.example.com/hooks', 'validation.url.invalid'],
      ['not a url', 'validation.url.invalid'],
    ];
    for (const [url, message] of cases) {
      const res = await register({ url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 400,
        body: urlRefused(message),
      });
    }
  });

  it('takes a public IPv4 address written as IPv6 (::ffff:), by number or by name', async () => {
    for (const url of ['https://[::ffff:8.8.8.8]/hooks', 'https://mapped.example.com/hooks']) {
      const res = await register({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('refuses unknown event types and unknown fields, each with its field and a validation key', async () => {
    const res = await register({
      url: 'https://hooks.example.com/x',
      events: ['batch.paid', 'batch.exploded'],
      secret: 'mine',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody('error.validation', [
        { field: 'events.1', message: 'validation.invalid' },
        { field: 'secret', message: 'validation.unknownField' },
      ]),
    );
  });

  it('needs the scope webhooks:write, and names it', async () => {
    const reader = await machineToken(t, supplier.org.id, ['events:read']);
    const res = await register({ url: 'https://hooks.example.com/x' }, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ...errorBody('error.http.forbidden'), scope: 'webhooks:write' });
  });

  it('takes 10 endpoints of platform clients per organization at most', async () => {
    const other = await createSupplier(t.app, t.db, { organization: { slug: 'ten-hooks' } });
    const owner = await machineToken(t, other.org.id, ['webhooks:write']);
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) => register({ url: `https://hooks.example.com/${i}` }, owner)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.json())).toEqual([errorBody('error.webhook.tooMany')]);
  });
});

describe('PATCH /api/platform/v1/webhook-endpoints/{id}', () => {
  const edit = (id: number, body: object, headers = client) =>
    t.app.inject({
      method: 'PATCH',
      url: buildPath(updateWebhookEndpointCall, { id }),
      payload: body,
      headers,
    });

  it('edits the URL and the event types in place, answering the endpoint without its secret', async () => {
    const created = (await register({ url: 'https://hooks.example.com/v1', events: ['batch.paid'] })).json();
    const res = await edit(created.id, {
      url: 'https://hooks.example.com/v2',
      events: ['invoice.uploaded', 'batch.requested'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = {
      id: created.id,
      url: 'https://hooks.example.com/v2',
      events: ['batch.requested', 'invoice.uploaded'],
      createdAt: created.createdAt,
      disabledAt: null,
    };
    expect(res.json()).toEqual(edited);
    expect(res.body).not.toContain(created.secret);
    expect((await list()).json().content).toContainEqual(edited);
    // What is absent stays; `events: null` is every type again.
    expect((await edit(created.id, {})).json()).toEqual(edited);
    expect((await edit(created.id, { events: null })).json()).toEqual({
      ...edited,
      events: [
        'batch.requested',
        'batch.cancelled',
        'batch.paid',
        'batch.rejected',
        'invoice.uploaded',
        'quote.requested',
        'quote.closed',
      ],
    });
    expect(t.logLines.join('\n')).not.toContain(created.secret.slice('whsec_'.length));
  });

  it('judges the URL by the registration’s rules, and leaves the endpoint as it was when it refuses', async () => {
    const created = (await register({ url: 'https://hooks.example.com/kept' })).json();
    const cases: [string, string][] = [
      ['http://hooks.example.com/portal', 'validation.url.https'],
      ['https://10.0.0.8/hooks', 'validation.url.address'],
      ['https://[::a9fe:a9fe]/latest/meta-data', 'validation.url.address'],
      ['https://internal.example.com/hooks', 'validation.url.address'],
      ['https://nowhere.example.com/hooks', 'validation.url.invalid'],
      ['https://user:pass@hooks.example.com/hooks', 'validation.url.invalid'],
      ['not a url', 'validation.url.invalid'],
    ];
    for (const [url, message] of cases) {
      const res = await edit(created.id, { url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 400,
        body: urlRefused(message),
      });
    }
    const refused = await edit(created.id, { events: ['batch.exploded'], secret: 'mine' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(
      errorBody('error.validation', [
        { field: 'events.0', message: 'validation.invalid' },
        { field: 'secret', message: 'validation.unknownField' },
      ]),
    );
    const [kept] = (await list()).json().content.filter((e: { id: number }) => e.id === created.id);
    expect(kept.url).toBe('https://hooks.example.com/kept');
  });

  it('answers 404 error.webhook.notFound for an endpoint that does not exist, and needs webhooks:write', async () => {
    const missing = await edit(999_999, { url: 'https://hooks.example.com/x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('error.webhook.notFound'));
    const created = (await register({ url: 'https://hooks.example.com/scoped' })).json();
    const reader = await machineToken(t, supplier.org.id, ['events:read']);
    const res = await edit(created.id, { url: 'https://hooks.example.com/y' }, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ...errorBody('error.http.forbidden'), scope: 'webhooks:write' });
    expect(res.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="webhooks:write"');
    const byPerson = await edit(created.id, { url: 'https://hooks.example.com/y' }, supplier.headers);
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json()).toEqual(errorBody('error.http.forbidden'));
  });
});

describe('DELETE /api/platform/v1/webhook-endpoints/{id}', () => {
  it('removes the endpoint; again, or an id that does not exist, is 404', async () => {
    const created = (await register({ url: 'https://hooks.example.com/gone' })).json();
    const url = buildPath(deleteWebhookEndpointCall, { id: created.id });
    const removed = await t.app.inject({ method: 'DELETE', url, headers: client });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toBe('');
    expect((await list()).json().content.map((e: { id: number }) => e.id)).not.toContain(created.id);
    const again = await t.app.inject({ method: 'DELETE', url, headers: client });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorBody('error.webhook.notFound'));
  });
});

describe('the deliveries of an endpoint', () => {
  it('lists none for a new endpoint; a retry of an event that does not exist is 404', async () => {
    const created = (await register({ url: 'https://hooks.example.com/log' })).json();
    const log = await t.app.inject({
      url: buildPath(listWebhookDeliveriesCall, { id: created.id }),
      headers: client,
    });
    expect(log.json()).toEqual({ content: [], next: null });
    const retry = await t.app.inject({
      method: 'POST',
      url: buildPath(retryWebhookDeliveryCall, { id: created.id, eventId: 987_654 }),
      headers: client,
    });
    expect(retry.statusCode).toBe(404);
    expect(retry.json()).toEqual(errorBody('error.event.notFound'));
  });
});

describe('a funder’s client’s endpoints', () => {
  async function fundedWorld(slug: string) {
    const world = await createSupplier(t.app, t.db, { organization: { slug } });
    const orgId = world.org.id;
    const platform = await machineToken(t, orgId, ['webhooks:write']);
    const sul = await funderToken(t, orgId, await createFunder(t.db, orgId, 'f-sul'));
    const norte = await funderToken(t, orgId, await createFunder(t.db, orgId, 'f-norte'));
    return { platform, sul, norte };
  }
  type Headers = { authorization: string };
  const idsOf = async (headers: Headers) =>
    (await list(headers)).json().content.map((endpoint: { id: number }) => endpoint.id);
  const edit = (id: number, headers: Headers) =>
    t.app.inject({
      method: 'PATCH',
      url: buildPath(updateWebhookEndpointCall, { id }),
      payload: { events: ['batch.paid'] },
      headers,
    });
  const remove = (id: number, headers: Headers) =>
    t.app.inject({ method: 'DELETE', url: buildPath(deleteWebhookEndpointCall, { id }), headers });

  it('are its funder’s: it lists, edits and deletes those only; a platform client sees and edits every one', async () => {
    const { platform, sul, norte } = await fundedWorld('funded-hooks');
    const ofPlatform = (await register({ url: 'https://hooks.example.com/platform' }, platform)).json();
    const ofSul = (await register({ url: 'https://hooks.example.com/sul' }, sul)).json();
    const ofNorte = (await register({ url: 'https://hooks.example.com/norte' }, norte)).json();
    expect(await idsOf(sul)).toEqual([ofSul.id]);
    expect(await idsOf(norte)).toEqual([ofNorte.id]);
    expect(await idsOf(platform)).toEqual([ofPlatform.id, ofSul.id, ofNorte.id]);

    const missingEdit = await edit(999_999, sul);
    const missingRemove = await remove(999_999, sul);
    expect(missingEdit.json()).toEqual(errorBody('error.webhook.notFound'));
    for (const id of [ofPlatform.id, ofNorte.id]) {
      expect((await edit(id, sul)).body).toBe(missingEdit.body);
      expect((await remove(id, sul)).body).toBe(missingRemove.body);
    }
    expect(await idsOf(platform)).toEqual([ofPlatform.id, ofSul.id, ofNorte.id]);
    expect((await edit(ofSul.id, sul)).json()).toMatchObject({ id: ofSul.id, events: ['batch.paid'] });
    expect((await edit(ofNorte.id, platform)).json()).toMatchObject({
      id: ofNorte.id,
      events: ['batch.paid'],
    });
    expect((await remove(ofSul.id, sul)).statusCode).toBe(200);
    expect(await idsOf(platform)).toEqual([ofPlatform.id, ofNorte.id]);
  });

  it('count apart: each funder has 10 beside the platform clients’ 10', async () => {
    const { platform, sul } = await fundedWorld('funded-ten');
    for (const [headers, who] of [
      [platform, 'platform'],
      [sul, 'sul'],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 11 }, (_, i) =>
          register({ url: `https://hooks.example.com/${who}/${i}` }, headers),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(refused.map((a) => a.json())).toEqual([errorBody('error.webhook.tooMany')]);
    }
  });
});
