import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildPath, errorBody, uploadCreditInvoiceCall } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { credits } from '../src/db/schema';
import { nfeFieldsOfCredits } from './credit-nfe-fields';
import { signedNfe, signedNfeProc, testSigner } from './nfe-factories';
import {
  alfaAvailableCredits,
  DEMO_PROVIDER,
  loginOverHttp,
  serverDatabase,
  serverSetup,
  startServer,
  whileProbingHealth,
} from './server-process';

/*
 * An uploaded XML never holds up anyone else's request (docs/product/requests.md#invoice-bounds): the real
 * server process (the build `npm start` runs, its worker threads' bundle included) receives the worst XML files
 * a supplier can build while another client asks for /api/health without pause; every probe is answered and
 * the server's main thread is never held 200 ms (its own event-loop monitor: test/server-process.ts).
 */
const setup = await serverSetup();
await startServer(setup);
const { db } = serverDatabase(setup);
const authorization = await loginOverHttp(setup.port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
const { creditIds } = await alfaAvailableCredits(db);

const ofCredits = await nfeFieldsOfCredits(db, inArray(credits.id, creditIds));
let nextCredit = 0;
/** A credit of ana's not used by an earlier test, and the NF-e fields that match it. */
const freshCredit = () => ofCredits[nextCredit++]!;

/**
 * Uploads `xml` for the credit (from curl, another process) while /api/health is asked for every 5 ms; answers
 * the upload's status and body, how many probes were answered and the longest the server's main thread was held.
 */
async function uploadWhileProbing(creditId: number, xml: string | Buffer) {
  const file = path.join(setup.dataDir, 'upload.xml');
  await writeFile(file, xml);
  const url = `http://127.0.0.1:${setup.port}${buildPath(uploadCreditInvoiceCall, { creditId })}`;
  const send = () =>
    promisify(execFile)('curl', [
      '-s',
      '-w',
      '\n%{http_code}',
      '-H',
      `Authorization: ${authorization.authorization}`,
      '-F',
      `file=@${file};filename=nfe.xml;type=text/xml`,
      url,
    ]);
  const {
    result: { stdout },
    probes,
    held,
  } = await whileProbingHealth(setup.port, send);
  const [body, status] = stdout.split(/\n(?=\d+$)/);
  return { status: Number(status), body: JSON.parse(body!), probes, held };
}

/** A made-up signature (a real certificate, values of nothing) followed by `count` empty elements. */
function forgedWithFiller(count: number) {
  const certificate = testSigner().certificate.replace(/-----[A-Z ]+-----|\s/g, '');
  const signature =
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
    '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
    '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>' +
    '<Reference URI="#NFe1"><DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>' +
    '<DigestValue>AAAA</DigestValue></Reference></SignedInfo><SignatureValue>AAAA</SignatureValue>' +
    `<KeyInfo><X509Data><X509Certificate>${certificate}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><NFe xmlns="http://www.portalfiscal.inf.br/nfe">' +
    `<infNFe Id="NFe1" versao="4.00"/>${signature}${'<a/>'.repeat(count)}</NFe>`
  );
}

const outOfBounds = (field: string) =>
  errorBody('error.invoice.tooLarge', [{ field, message: 'validation.invalid' }]);

describe('an uploaded XML and everyone else', () => {
  it('refuses 2.4 MB and 9.9 MB of elements behind a made-up signature at once, health answered throughout', async () => {
    for (const count of [600_000, 2_450_000]) {
      const xml = forgedWithFiller(count);
      const { status, body, held, probes } = await uploadWhileProbing(freshCredit().id, xml);
      expect({ status, body }).toEqual({ status: 400, body: outOfBounds('size') });
      expect(probes).toBeGreaterThan(0);
      expect(held).toBeLessThan(200);
    }
  });

  it('refuses more elements, or more depth, than an invoice has', async () => {
    const many = await uploadWhileProbing(freshCredit().id, forgedWithFiller(50_001));
    expect({ status: many.status, body: many.body }).toEqual({ status: 400, body: outOfBounds('elements') });
    const deep = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe">${'<a>'.repeat(33)}${'</a>'.repeat(33)}</NFe>`;
    const nested = await uploadWhileProbing(freshCredit().id, deep);
    expect({ status: nested.status, body: nested.body }).toEqual({ status: 400, body: outOfBounds('depth') });
  });

  it('checks the largest file the bounds let through on a worker thread: accepted, the server’s thread never held 200 ms', async () => {
    const credit = freshCredit();
    const { xml, key } = signedNfe(credit.fields);
    // 49,900 empty elements after an intact signature: outside what it signs, so the file is still the invoice.
    const heaviest = xml.replace('</NFe>', `${'<a/>'.repeat(49_900)}</NFe>`);
    const { status, body, held, probes } = await uploadWhileProbing(credit.id, heaviest);
    expect({ status, body }).toEqual({
      status: 200,
      body: {
        id: expect.any(Number),
        fileName: 'nfe.xml',
        size: Buffer.byteLength(heaviest),
        accessKey: key,
      },
    });
    expect(probes).toBeGreaterThan(5);
    expect(held).toBeLessThan(200);
  });

  it('accepts a real NF-e of 300 KB (360 items)', async () => {
    const credit = freshCredit();
    const { data, key } = signedNfeProc({ ...credit.fields, items: 360 });
    expect(data.length).toBeGreaterThan(300_000);
    const { status, body, held } = await uploadWhileProbing(credit.id, data);
    expect({ status, body }).toEqual({
      status: 200,
      body: { id: expect.any(Number), fileName: 'nfe.xml', size: data.length, accessKey: key },
    });
    expect(held).toBeLessThan(200);
  });
});
