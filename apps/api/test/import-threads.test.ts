import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildPath, errorBody, issueTokenCall, platformImportCall } from '@portal/contract';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { credits, programProviders } from '../src/db/schema';
import { createMachineClient } from '../src/modules/machine-clients/machine-clients';
import { credit } from './import-documents';
import {
  alfaAvailableCredits,
  httpRequest,
  serverDatabase,
  serverSetup,
  startServer,
  whileProbingHealth,
} from './server-process';

/*
 * A platform import never holds up anyone else's request (docs/decisions/uploads.md#worker-threads): the real
 * server process (the build `npm start` runs, its worker threads' bundles included) receives an import document
 * of 8 MiB while another client asks for /api/health without pause; every probe is answered and the server's
 * main thread is never held 200 ms (its own event-loop monitor: test/server-process.ts). On the request's
 * thread, reading and checking such a document held every other request for 300 ms and more.
 */
const CREDITS = 25_000;

const setup = await serverSetup();
await startServer(setup);
const { db } = serverDatabase(setup);

const client = await createMachineClient(db, {
  organizationId: 1,
  name: 'importer',
  scopes: ['imports:write'],
  now: new Date(),
});
const granted = await httpRequest(setup.port, {
  method: 'POST',
  path: buildPath(issueTokenCall),
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
  },
  body: 'grant_type=client_credentials',
});
const authorization = `Bearer ${JSON.parse(granted.body).access_token}`;
const { programProviderId } = await alfaAvailableCredits(db);
const [participation] = await db
  .select({ ref: programProviders.ref })
  .from(programProviders)
  .where(eq(programProviders.id, programProviderId));

/**
 * Posts `doc` as an import (from curl, another process) while /api/health is asked for every 5 ms; answers the
 * import's status and body, how many probes were answered and the longest the server's main thread was held.
 */
async function importWhileProbing(doc: unknown) {
  const file = path.join(setup.dataDir, 'import.json');
  await writeFile(file, JSON.stringify(doc));
  const send = () =>
    promisify(execFile)(
      'curl',
      [
        '-s',
        '-w',
        '\n%{http_code}',
        '-H',
        `Authorization: ${authorization}`,
        '-H',
        'Content-Type: application/json',
        '--data-binary',
        `@${file}`,
        `http://127.0.0.1:${setup.port}${buildPath(platformImportCall)}`,
      ],
      { maxBuffer: 2 ** 20 },
    );
  const {
    result: { stdout },
    probes,
    held,
  } = await whileProbingHealth(setup.port, send);
  const [body, status] = stdout.split(/\n(?=\d+$)/);
  return { status: Number(status), body: JSON.parse(body!), probes, held };
}

/** `count` credits of ana's Alfa Componentes in Horizonte, refs `push-<prefix>-<n>`: about 400 bytes each. */
const pushed = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    ...credit(`push-${prefix}-${n}`, `${1_000 + (n % 9_000)}.00`),
    programProvider: participation!.ref,
    issueDate: '2026-11-01',
    expireDate: '2027-03-20',
    orderDetail: `Pedido ${n} de materiais de escritório e componentes eletrônicos`,
  }));

const countPushed = async (prefix: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(credits)
      .where(like(credits.ref, `push-${prefix}-%`))
  )[0]!.n;

describe('a platform import and everyone else', () => {
  it('writes 25,000 credits (8 MiB) on its worker thread: health answered, the server’s thread never held 200 ms', async () => {
    const doc = { credits: pushed('ok', CREDITS) };
    expect(JSON.stringify(doc).length).toBeGreaterThan(7.5 * 2 ** 20);
    const { status, body, held, probes } = await importWhileProbing(doc);
    expect(status).toBe(200);
    expect(body.counts.credits).toEqual({ created: CREDITS, updated: 0 });
    expect(await countPushed('ok')).toBe(CREDITS);
    expect(probes).toBeGreaterThan(5);
    expect(held).toBeLessThan(200);
  });

  it('refuses the same size with one bad entry at its end, in the import format’s words, nothing written', async () => {
    const doc = { credits: pushed('bad', CREDITS) };
    doc.credits[CREDITS - 1]!.originalValue = '12,50';
    const { status, body, held } = await importWhileProbing(doc);
    expect({ status, body }).toEqual({
      status: 400,
      body: {
        ...errorBody('error.import.invalid', [
          { field: `credits[${CREDITS - 1}].originalValue`, message: 'validation.money.invalid' },
        ]),
        error_description: expect.stringMatching(
          /^credits\[24999\]\.originalValue: validation\.money\.invalid/,
        ),
      },
    });
    expect(await countPushed('bad')).toBe(0);
    expect(held).toBeLessThan(200);
  });
});
