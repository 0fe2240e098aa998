import type { InvoiceMediaType } from '@portal/contract';

/**
 * Recognises an invoice document by its bytes, never by its name or declared type
 * (docs/product/requests.md#service-invoices). Fed chunk by chunk while the upload streams to disk, so a
 * 10 MB file is read once.
 *
 * Binary types are told by their magic bytes and a minimal structure, so a few magic bytes or an HTML page behind
 * `%PDF-` are no invoice: a PDF has an indirect object (`1 0 obj`) and `%%EOF` in its last 1024 bytes; a JPEG
 * starts (SOI) with a marker segment of a valid length and has its end marker (EOI) in its last 1024 bytes; a PNG
 * starts with its IHDR chunk and has IEND in its last 1024 bytes. An NF-e XML is text whose first tag is `<?xml`, `<nfeProc` or
 * `<NFe`; since a browser would render an XML file that carries HTML or SVG (and run its scripts), any XML
 * with markup of that kind, a DOCTYPE (entities, XXE) or a stylesheet instruction is refused. NF-e uses none.
 */
export type InvoiceInspector = {
  write(chunk: Buffer): void;
  /** The recognised type, or undefined for anything not accepted. */
  finish(): InvoiceMediaType | undefined;
};

const HEAD_BYTES = 1024;
/** How far from the end a PDF's `%%EOF`, a JPEG's EOI and a PNG's IEND may be (trailing bytes are common). */
const TAIL_BYTES = 1024;
/** `12 0 obj`: a PDF's indirect object, found across chunks through a carried tail of this many characters. */
const pdfObject = /\d+[ \t\r\n\f\0]+\d+[ \t\r\n\f\0]+obj\b/;
const PDF_OBJECT_TAIL = 64;

/**
 * The markers that may follow a JPEG's SOI: APP0-15, DQT, DHT, SOF0-15 (not DHT's C4, JPG's C8 nor DAC's CC,
 * which are not frames), DRI, COM. Each starts a segment with a 2-byte length of at least 2.
 */
function isJpegSegmentMarker(marker: number) {
  if (marker >= 0xe0 && marker <= 0xef) return true;
  if (marker >= 0xc0 && marker <= 0xcf) return marker !== 0xc8 && marker !== 0xcc;
  return marker === 0xdb || marker === 0xdd || marker === 0xfe;
}

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
  let size = 0;
  let last = Buffer.alloc(0);
  let pdfTail = '';
  let hasPdfObject = false;

  function keepTail(chunk: Buffer) {
    last =
      chunk.length >= TAIL_BYTES
        ? Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES))
        : Buffer.concat([last, chunk]).subarray(-TAIL_BYTES);
  }

  function scanPdf(chunk: Buffer) {
    if (hasPdfObject) return;
    const text = pdfTail + chunk.toString('latin1');
    hasPdfObject = pdfObject.test(text);
    pdfTail = text.slice(-PDF_OBJECT_TAIL);
  }

  /** The magic type when the whole document has its structure, else undefined. */
  function wellFormed(type: InvoiceMediaType, head: Buffer): InvoiceMediaType | undefined {
    if (type === 'application/pdf') return hasPdfObject && last.includes('%%EOF') ? type : undefined;
    if (type === 'image/png') {
      const ihdr = head.subarray(8, 16).equals(Buffer.from([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
      return ihdr && last.includes('IEND') ? type : undefined;
    }
    if (type === 'image/jpeg') {
      const segmentLength = head.length >= 6 ? head.readUInt16BE(4) : 0;
      const segment = isJpegSegmentMarker(head[3] ?? 0) && segmentLength >= 2 && 4 + segmentLength < size;
      return segment && last.includes(Buffer.from([0xff, 0xd9])) ? type : undefined;
    }
    return type;
  }

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
      size += chunk.length;
      keepTail(chunk);
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      if (!decided && headLength >= 8) {
        binaryType = matchMagic(Buffer.concat(headChunks));
        decided = true;
      }
      // Binary documents are not scanned for markup: they are served as what they are, never as markup.
      if (!decided || !binaryType) scanText(chunk);
      if (!decided || binaryType === 'application/pdf') scanPdf(chunk);
    },
    finish() {
      const head = Buffer.concat(headChunks);
      const binary = decided ? binaryType : matchMagic(head);
      if (binary) return wellFormed(binary, head);
      if (hasForbiddenMarkup || hasNul) return undefined;
      return xmlStart.test(head.toString('utf8')) ? 'application/xml' : undefined;
    },
  };
}

function matchMagic(head: Buffer): InvoiceMediaType | undefined {
  const found = magic.find(([, bytes]) => bytes.every((byte, i) => head[i] === byte));
  return found?.[0];
}
