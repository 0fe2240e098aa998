import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getInviteCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, TEST_NOW } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { loadConfig } from '../../config';
import { invites } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { runInvite } from './invite';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const t = await buildTestApp();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-invite-'));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const org = await createOrganization(t.db, { slug: 'acme', name: 'Acme Pay', locale: 'en' });
const company = await createCompany(t.db, org.id, { ref: 'forn-1', name: 'Fornecedora & Filhos Ltda' });
const env = {
  DATABASE_URL: t.url,
  DATA_DIR: dataDir,
  PUBLIC_URL: 'https://portal.example.test',
  APP_NOW: TEST_NOW.toISOString(),
  LOG_LEVEL: 'silent',
};
const linkPattern =
  /^https:\/\/portal\.example\.test\/accept-invite\/([\w-]{43})\?companyName=Fornecedora%20%26%20Filhos%20Ltda&identification=11444777000161&organizationName=Acme%20Pay$/m;

async function invite(...args: string[]) {
  return inviteWith(env, args);
}

async function inviteWith(vars: Record<string, string>, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runInvite(args, { out: (m) => out.push(m), err: (m) => err.push(m) }, loadConfig(vars));
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const mailbox = async () => {
  const files = (await fs.readdir(path.join(dataDir, 'mailbox')).catch(() => [])).filter((f) =>
    f.endsWith('.eml'),
  );
  return Promise.all(files.sort().map((f) => fs.readFile(path.join(dataDir, 'mailbox', f), 'utf8')));
};

describe('ops invite', () => {
  it('creates an OPEN invite valid 30 days, stores only the token’s hash, mails and prints the link', async () => {
    const result = await invite('--company', 'forn-1', '--email', 'Nova.Pessoa@Example.test');
    expect(result.code).toBe(0);
    const token = result.stdout.match(linkPattern)![1]!;
    const [row] = await t.db
      .select()
      .from(invites)
      .where(eq(invites.tokenHash, sha256Hex(token)));
    expect(row).toMatchObject({
      organizationId: org.id,
      companyId: company.id,
      email: 'nova.pessoa@example.test',
      status: 'OPEN',
      createdAt: TEST_NOW,
      expiresAt: new Date(TEST_NOW.getTime() + 30 * 24 * 60 * 60 * 1000),
      usedAt: null,
      userId: null,
    });
    const mails = await mailbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: nova.pessoa@example.test');
    expect(mails[0]).toContain('Subject: Invitation to the Acme Pay portal'); // the organization's locale: en
    expect(mails[0]).toContain(`accept-invite/${token}`);

    // The printed link works in the app.
    const res = await injectCall(t.app, getInviteCall, { params: { token } });
    expect(res.json()).toEqual({
      email: 'nova.pessoa@example.test',
      status: 'OPEN',
      companyName: 'Fornecedora & Filhos Ltda',
      identification: '11444777000161',
      organizationName: 'Acme Pay',
    });
  });

  it('takes the company’s id too, and --organization', async () => {
    const result = await invite(
      '--company',
      String(company.id),
      '--email',
      'b@example.test',
      '--organization',
      'acme',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(linkPattern);
  });

  it('refuses (exit 1) an unknown company, a user’s address, a bad address or an unknown organization', async () => {
    const user = await createUser(t.db, org.id);
    for (const [args, message] of <[string[], string][]>[
      [['--company', 'nope', '--email', 'c@example.test'], 'no company "nope" in this organization'],
      [
        ['--company', 'forn-1', '--email', user.login.toUpperCase()],
        `${user.login} is already a user of Acme Pay`,
      ],
      [['--company', 'forn-1', '--email', 'not-an-email'], '"not-an-email" is not a valid email address'],
      [
        ['--company', 'forn-1', '--email', 'c@example.test', '--organization', 'x'],
        'no organization with slug "x"',
      ],
    ]) {
      const result = await invite(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toBe(`invite: ${message}`);
    }
  });

  it('prints the link and exits 1 when the mail cannot be sent: the invite exists', async () => {
    // Port 1 on the loopback refuses at once.
    const result = await inviteWith({ ...env, SMTP_URL: 'smtp://127.0.0.1:1' }, [
      '--company',
      'forn-1',
      '--email',
      'unmailed@example.test',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^invite: the mail was not sent \(.+\); hand the link over another way$/);
    const token = result.stdout.match(linkPattern)![1]!;
    expect((await injectCall(t.app, getInviteCall, { params: { token } })).json().email).toBe(
      'unmailed@example.test',
    );
  });

  it('answers bad usage with exit 2', async () => {
    for (const args of [
      [],
      ['--company', 'forn-1'],
      ['--company', 'forn-1', '--email', 'a@b.test', 'extra'],
      ['--x', '1'],
    ]) {
      const result = await invite(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'usage: npm run ops -- invite --company <ref> --email <e> [--organization <slug>]',
      );
    }
  });

  it('needs --organization once there are several', async () => {
    await createOrganization(t.db);
    const result = await invite('--company', 'forn-1', '--email', 'd@example.test');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'invite: there is not exactly one organization: name one with --organization <slug>',
    );
  });

  it('runs as `npm run ops -- invite` (a child process) against DATABASE_URL', async () => {
    const { stdout } = await run(
      'node',
      [
        '--import',
        'tsx',
        'apps/api/src/ops/cli.ts',
        'invite',
        '--company',
        'forn-1',
        '--email',
        'e@example.test',
        '--organization',
        'acme',
      ],
      { cwd: repoRoot, env: { ...process.env, ...env } },
    );
    const token = stdout.match(linkPattern)![1]!;
    const res = await injectCall(t.app, getInviteCall, { params: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('e@example.test');
  });
});
