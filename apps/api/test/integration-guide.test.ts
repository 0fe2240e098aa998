import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildPath, listCreditsCall } from '@portal/contract';
import { afterAll, expect, it, onTestFinished } from 'vitest';
import { importDocument } from '../src/modules/imports';
import { buildTestApp, loginAs, TEST_NOW } from './app';
import { postBatch } from './batches-factories';
import { freePort } from './free-port';
import { smallDocument } from './import-documents';
import { until } from './server-process';

/*
 * docs/integration.md, run as an integrator runs it: every `sh` block of the guide, in order, in bash with curl
 * and jq, against a real server on loopback and a real database, the CLI as `npm run ops`; the guide's `js`
 * receiver runs as the webhook's receiver, with the secret step 4 registered. After step 4 a supplier requests
 * early payment on one of the credits pushed, and the server's delivery job runs; before step 8 the operator's
 * import admits a funder to the program, and after its offer the supplier requests again.
 */
const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiverPort = await freePort();
await importDocument(t.db, smallDocument(), { clock: t.clock, notify: false });
const portal = await t.app.listen({ host: '127.0.0.1', port: 0 });
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'integration-guide-'));
afterAll(async () => {
  await t.app.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

async function blocksOf(language: 'sh' | 'js'): Promise<string[]> {
  const guide = await fs.readFile(path.join(repoRoot, 'docs/integration.md'), 'utf8');
  return [...guide.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1]!,
  );
}

/**
 * The guide's receiver, started as an integrator would: in a folder of the checkout (so `standardwebhooks`
 * resolves from its node_modules), with the secret and port in its environment. Resolves with its output so far.
 */
async function startGuideReceiver(source: string, secret: string) {
  const file = path.join(repoRoot, 'apps/api', `.guide-receiver-${process.pid}.mjs`);
  await fs.writeFile(file, source);
  const child = spawn(process.execPath, [file], {
    env: { PATH: process.env.PATH ?? '', WEBHOOK_SECRET: secret, PORT: String(receiverPort) },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  // Stopped when the test that started it ends (an afterAll registered inside a test never ran: the receivers
  // outlived the test run).
  onTestFinished(async () => {
    child.kill();
    await fs.rm(file, { force: true });
  });
  await until('the guide’s receiver listens', async () => {
    const probe = await fetch(`http://127.0.0.1:${receiverPort}/`, { method: 'POST', body: '{}' }).catch(
      () => undefined,
    );
    return probe?.status === 400 ? true : undefined;
  });
  return () => output;
}

/** Runs blocks in one bash, every variable they set exported and kept in `state.sh` for the next call. */
async function runBlocks(blocks: string[]) {
  const script = [
    'set -euo pipefail',
    'set -a',
    '[ -f state.sh ] && source state.sh',
    ...blocks,
    'export -p > state.sh',
  ];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? workDir,
    PORTAL: portal,
    PORTAL_CHECKOUT: repoRoot,
    ORGANIZATION: 'acme',
    FUNDER: 'f1',
    PROGRAM: 'p1',
    RECEIVER_URL: `http://127.0.0.1:${receiverPort}/webhooks`,
    // What `npm run ops` reads to reach this test's database (docs/product/operations.md#ops-cli).
    DATABASE_URL: t.url,
    DATA_DIR: workDir,
    APP_NOW: TEST_NOW.toISOString(),
    LOG_LEVEL: 'silent',
  };
  const { stdout } = await run('bash', ['-c', script.join('\n')], {
    cwd: workDir,
    env,
    timeout: 60_000,
  }).catch((error: Error & { code?: unknown; stderr?: string; stdout?: string }) => {
    throw new Error(
      `a block of the guide failed (${String(error.code)}, ${error.message}):\n${error.stderr}\n${error.stdout}`,
    );
  });
  return stdout.replace(/^> .*$/gm, '').trim();
}

it('every command of docs/integration.md works as written, in order', { timeout: 120_000 }, async () => {
  const blocks = await blocksOf('sh');
  expect(blocks).toHaveLength(10);
  const [receiverSource] = await blocksOf('js');
  // 1–3: a client, a token, credits pushed (with the npm CLI's own start-up, a few seconds).
  const pushed = await runBlocks(blocks.slice(0, 3));
  expect(pushed).toBe('{"created":1,"updated":0}');
  expect(await fs.readFile(path.join(workDir, 'client.json'), 'utf8')).toMatch(/"client_secret":"mcs_/);

  // 4: a webhook registered, the guide's receiver started with its secret.
  await runBlocks(blocks.slice(3, 4));
  const secret = (await fs.readFile(path.join(workDir, 'state.sh'), 'utf8')).match(
    /WEBHOOK_SECRET="(whsec_[^"]+)"/,
  )?.[1];
  expect(secret).toBeDefined();
  const receiverOutput = await startGuideReceiver(receiverSource!, secret!);

  // A supplier requests early payment on the credit just pushed.
  const supplier = await loginAs(t.app, { login: 'supplier@example.test', password: 'secret-pass' });
  const list = await t.app.inject({
    url: `${buildPath(listCreditsCall, { programProviderId: 1 })}?size=100`,
    headers: supplier,
  });
  const pushedCredit = (list.json().content as { id: number; nfNumber: string }[]).find(
    (c) => c.nfNumber === '100234',
  );
  const requested = await postBatch(t.app, supplier, [pushedCredit!.id]);
  expect(requested.statusCode, requested.body).toBe(200);
  // The server's delivery job; the receiver verified the signature and printed the event.
  expect(await t.deliverWebhooks()).toBe(1);
  await until('the receiver printed the event', () =>
    receiverOutput().includes('batch.requested') ? true : undefined,
  );
  expect(receiverOutput().trim()).toMatch(new RegExp(`^\\d+ batch\\.requested ${requested.json().id}$`));

  // 5–7: the request found, paid with its reference, and the events read.
  const [listed, detail, settled, events, next] = (await runBlocks(blocks.slice(4, 7))).split('\n');
  expect(JSON.parse(listed!)).toEqual({
    id: requested.json().id,
    net: expect.any(Number),
    paymentDate: expect.any(String),
  });
  expect(JSON.parse(detail!)).toEqual({
    net: expect.any(Number),
    company: 'Supplier Ltda',
    bankAccount: true,
  });
  expect(JSON.parse(settled!)).toEqual({ status: 'PAID', paymentReference: 'E00000000202603101000abc' });
  expect(JSON.parse(events!)).toEqual(['batch.requested', 'batch.paid']);
  expect(next).toMatch(/^"\d+"$/);

  // 8: a funder admitted to the program (the operator's import), its client and its offer.
  const doc = smallDocument();
  await importDocument(
    t.db,
    {
      funders: [
        { ref: 'f1', organization: 'acme', name: 'Banco Exemplo S.A.', identification: '11222333000181' },
      ],
      programs: [{ ...doc.programs![0]!, funders: ['f1'] }],
    },
    { clock: t.clock, notify: false },
  );
  const offered = await runBlocks(blocks.slice(7, 9));
  expect(JSON.parse(offered)).toEqual({
    bands: [
      { upToDays: 30, monthlyRate: '0.011' },
      { upToDays: 120, monthlyRate: '0.0135' },
    ],
    dailyCapacity: '500000.00',
    usedToday: '0.00',
  });
  expect(await fs.readFile(path.join(workDir, 'funder.json'), 'utf8')).toMatch(/"client_secret":"mcs_/);

  // The supplier requests another credit: the funder's offer is the cheapest (1.10 % against the house's 1.5 %).
  const another = (list.json().content as { id: number }[]).find((c) => c.id !== pushedCredit!.id)!;
  const funded = await postBatch(t.app, supplier, [another.id]);
  expect(funded.statusCode, funded.body).toBe(200);
  const [fundedList, fundedSettled] = (await runBlocks(blocks.slice(9))).split('\n');
  // Only the request it funds: the house's request of step 5 is not the funder's to see.
  expect(JSON.parse(fundedList!)).toEqual([{ status: 'REQUESTED', funder: 'f1' }]);
  expect(JSON.parse(fundedSettled!)).toEqual({
    status: 'PAID',
    paymentReference: 'E00000000202603111000def',
  });
});
