import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client';
import { createBuyer, createCredits, createProgram, createProgramProvider } from './early-payment-factories';

const unique = () => randomBytes(4).toString('hex');

/** A credit of a fresh program provider of the company (a SERVICE credit: the kind that needs its invoice). */
export async function createCompanyCredit(
  db: Executor,
  organizationId: number,
  companyId: number,
  status: 'ACTIVATED' | 'INACTIVATED' | 'REMOVED' = 'ACTIVATED',
) {
  const buyer = await createBuyer(db, organizationId);
  const program = await createProgram(db, organizationId, buyer.id);
  const pp = await createProgramProvider(db, { organizationId, programId: program.id, companyId, status });
  const [credit] = await createCredits(db, pp, [
    { originalValueCents: 1_000_000n, expireDate: '2026-04-10', kind: 'SERVICE' },
  ]);
  return credit!;
}

/** A tiny but well-formed one-page PDF (the xref offsets are computed, so readers need no repair). */
export function tinyPdf(): Buffer {
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The tiny PDF grown to `size` bytes by blanks before its `%%EOF`, which stays at the end as in a real file. */
export function paddedPdf(size: number): Buffer {
  const pdf = tinyPdf();
  const eof = pdf.lastIndexOf('%%EOF');
  return Buffer.concat([pdf.subarray(0, eof), Buffer.alloc(size - pdf.length, 0x20), pdf.subarray(eof)]);
}

/**
 * An NF-e's shape trimmed to a few tags, unsigned: recognised as XML, but its check against a credit refuses it
 * (a signed one: nfe-factories.ts). For bodies that never arrive whole.
 */
export function tinyNfeXml(): Buffer {
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">' +
      '<NFe><infNFe Id="NFe35260311444777000161550010001000001000000011" versao="4.00">' +
      '<ide><nNF>100000</nNF><serie>1</serie></ide><infAdic><infCpl>Servi&#231;os de mar&#231;o</infCpl></infAdic>' +
      '</infNFe><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/></NFe></nfeProc>\n',
  );
}

/** A 1×1 RGBA PNG. */
export const tinyPng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

/** A 1×1 greyscale JFIF JPEG, with its end marker (EOI). */
export const tinyJpeg = () =>
  Buffer.concat([
    Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////' +
        '////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    ),
    Buffer.from([0xff, 0xd9]),
  ]);

/** The start of a Linux executable. */
export const elfBytes = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
/** The start of a Windows executable. */
export const mzBytes = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]);

/** A browser-encoded multipart body (what the web app sends): one file per entry. */
export function formWith(files: { name?: string; data: Buffer; fileName: string; type?: string }[]) {
  const form = new FormData();
  for (const file of files) {
    form.append(file.name ?? 'file', new Blob([file.data], { type: file.type ?? '' }), file.fileName);
  }
  return form;
}

type RawPart = { name: string; fileName?: string; contentType?: string; data: Buffer | string };

/** A multipart body built by hand, for what a browser would never send (raw names, odd parts, truncation). */
export function rawMultipart(parts: RawPart[], { close = true } = {}) {
  const boundary = `----portal-test-${unique()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}\r\n${type}\r\n`,
      ),
    );
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
