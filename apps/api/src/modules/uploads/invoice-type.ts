import type { InvoiceMediaType } from '@portal/contract';

/**
 * Recognises an invoice document by its bytes, never by its name or declared type
 * (docs/product/requests.md#service-invoices). Fed chunk by chunk while the upload streams to disk, so a
 * 10 MB file is read once.
 *
 * Binary types are told by their magic bytes. An NF-e XML is text whose first tag is `<?xml`, `<nfeProc` or
 * `<NFe`; since a browser would render an XML file that carries HTML or SVG (and run its scripts), any XML
 * with markup of that kind, a DOCTYPE (entities, XXE) or a stylesheet instruction is refused. NF-e uses none.
 */
export type InvoiceInspector = {
  write(chunk: Buffer): void;
  /** The recognised type, or undefined for anything not accepted. */
  finish(): InvoiceMediaType | undefined;
};

const HEAD_BYTES = 1024;

const magic: [InvoiceMediaType, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

/** Lower-case markers that make an XML upload active content (matched in any letter case). */
const forbiddenMarkers = [
  '<script',
  ':script',
  '<html',
  ':html',
  '<svg',
  ':svg',
  '<!doctype',
  '<!entity',
  '<?xml-stylesheet',
  'www.w3.org/1999/xhtml',
  'www.w3.org/2000/svg',
];
const MARKER_TAIL = Math.max(...forbiddenMarkers.map((m) => m.length)) - 1;

/** After an optional UTF-8 BOM and whitespace; the tag must end there (`<NFe>`, `<NFe xmlns=…>`). */
const xmlStart = /^(?:\uFEFF)?[ \t\r\n]*(?:<\?xml[ \t\r\n]|<nfeProc[ \t\r\n>/]|<NFe[ \t\r\n>/])/;

export function createInvoiceInspector(): InvoiceInspector {
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let binaryType: InvoiceMediaType | undefined;
  let decided = false;
  let tail = '';
  let hasForbiddenMarkup = false;
  let hasNul = false;

  function scanText(chunk: Buffer) {
    if (hasForbiddenMarkup) return;
    if (chunk.includes(0)) hasNul = true;
    // latin1 maps bytes 1:1, so a marker split across two chunks is found through the carried tail.
    const text = tail + chunk.toString('latin1').toLowerCase();
    hasForbiddenMarkup = forbiddenMarkers.some((marker) => text.includes(marker));
    tail = text.slice(-MARKER_TAIL);
  }

  return {
    write(chunk) {
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      if (!decided && headLength >= 8) {
        binaryType = matchMagic(Buffer.concat(headChunks));
        decided = true;
      }
      // Binary documents are not scanned: they are served as what they are, never as markup.
      if (!binaryType) scanText(chunk);
    },
    finish() {
      const head = Buffer.concat(headChunks);
      const binary = decided ? binaryType : matchMagic(head);
      if (binary) return binary;
      if (hasForbiddenMarkup || hasNul) return undefined;
      return xmlStart.test(head.toString('utf8')) ? 'application/xml' : undefined;
    },
  };
}

function matchMagic(head: Buffer): InvoiceMediaType | undefined {
  const found = magic.find(([, bytes]) => bytes.every((byte, i) => head[i] === byte));
  return found?.[0];
}
