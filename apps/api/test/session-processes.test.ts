import { buildPath, endSessionCall, getAccountCall, listSessionsCall } from '@portal/contract';
import { expect, it } from 'vitest';
import { freePort } from './free-port';
import {
  DEMO_PROVIDER,
  httpRequest,
  loginOverHttp,
  serverDatabase,
  serverSetup,
  startServer,
} from './server-process';

/*
 * Ending a session holds on every API process at once (docs/product/account-security.md#sessions): the token
 * check reads the token's revoked_at on every call, in the database the processes share, and keeps no cache.
 */

const setup = await serverSetup();
await startServer(setup);
const { pool } = serverDatabase(setup);
const port = await freePort();
// A second process on the first one's PostgreSQL, as behind a proxy.
await startServer({
  ...setup,
  port,
  env: { ...setup.env, PORT: String(port), DATABASE_URL: pool.options.connectionString },
});

const get = (on: number, path: string, headers: Record<string, string>) =>
  httpRequest(on, { method: 'GET', path, headers });

it('a session ended on process A answers 401 on process B at once', async () => {
  const kept = await loginOverHttp(setup.port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
  const ended = await loginOverHttp(port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
  // B has checked the token, so it would be the one to remember a stale answer.
  expect((await get(port, buildPath(getAccountCall), ended)).status).toBe(200);

  const sessions = JSON.parse((await get(setup.port, buildPath(listSessionsCall), kept)).body) as {
    id: number;
    current: boolean;
  }[];
  const other = sessions.filter((s) => !s.current);
  expect(other).toHaveLength(1);
  const res = await httpRequest(setup.port, {
    method: 'DELETE',
    path: buildPath(endSessionCall, { id: other[0]!.id }),
    headers: kept,
  });
  expect(res.status).toBe(200);

  const refused = await get(port, buildPath(getAccountCall), ended);
  expect(refused.status).toBe(401);
  expect(JSON.parse(refused.body).code).toBe('error.http.unauthorized');
  expect((await get(port, buildPath(getAccountCall), kept)).status).toBe(200);
});
