import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getAccountCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { createOrganization, createUser } from '../../../test/factories';
import { loadConfig } from '../../config';
import { recoveryCodes, securityNotices, users } from '../../db/schema';
import { runResetSecurity } from './reset-security';

const t = await buildTestApp();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-reset-'));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
const env = { DATABASE_URL: t.url, DATA_DIR: dataDir, APP_NOW: TEST_NOW.toISOString(), LOG_LEVEL: 'silent' };

async function reset(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runResetSecurity(
    args,
    { out: (m) => out.push(m), err: (m) => err.push(m) },
    loadConfig(env),
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('ops reset-security', () => {
  it('removes the second factor, its codes and the PIN, and ends every session', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org.id);
    const before = await loginAs(t.app, { ...user, organization: org.slug });
    await t.db
      .update(users)
      .set({
        totpSecretSealed: 'v1.a.b.c',
        totpEnabledAt: TEST_NOW,
        totpLastStep: 99,
        pinHash: 'hash',
        pinFailures: 3,
        pinLockedUntil: TEST_NOW,
      })
      .where(eq(users.id, user.id));
    await t.db.insert(recoveryCodes).values({ userId: user.id, codeHash: 'x' });
    const result = await reset('--email', user.login.toUpperCase());
    expect(result).toEqual({
      code: 0,
      stdout: expect.stringContaining(
        `reset-security: ${user.login.toUpperCase()} has no second factor and no PIN now`,
      ),
      stderr: '',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      totpSecretSealed: null,
      totpEnabledAt: null,
      totpLastStep: null,
      pinHash: null,
      pinFailures: 0,
      pinLockedUntil: null,
    });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    // The owner is told the second factor is off (docs/product/account-security.md#security-notices).
    expect(
      await t.db
        .select({ kind: securityNotices.kind })
        .from(securityNotices)
        .where(eq(securityNotices.userId, user.id)),
    ).toEqual([{ kind: 'TWO_FACTOR_DISABLED' }]);
    expect(await t.deliverMails()).toBe(1);
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [user.login, 'A verificação em duas etapas foi desativada – Test Platform'],
    ]);
    expect((await injectCall(t.app, getAccountCall, { headers: before })).statusCode).toBe(401);
    const after = await loginAs(t.app, { ...user, organization: org.slug });
    expect((await injectCall(t.app, getAccountCall, { headers: after })).json()).toMatchObject({
      twoFactorEnabled: false,
      pinSet: false,
    });
  });

  it('names an unknown user, and asks for the organization when the address is in two', async () => {
    expect(await reset('--email', 'nobody@test.example')).toMatchObject({
      code: 1,
      stderr: 'reset-security: no user nobody@test.example',
    });
    const [a, b] = [await createOrganization(t.db), await createOrganization(t.db)];
    await createUser(t.db, a.id, { login: 'twice@test.example' });
    await createUser(t.db, b.id, { login: 'twice@test.example' });
    expect((await reset('--email', 'twice@test.example')).stderr).toBe(
      'reset-security: twice@test.example exists in 2 organizations; name one with --organization',
    );
    expect((await reset('--email', 'twice@test.example', '--organization', b.slug)).code).toBe(0);
    expect((await reset()).code).toBe(2);
  });
});
