import { describe, expect, it } from 'vitest';
import { tinyJpeg, tinyNfeXml, tinyPdf, tinyPng } from '../../../test/uploads-factories';
import { createInvoiceInspector } from './invoice-type';

/** Feeds the bytes in chunks of `size`, as a stream would. */
function inspect(data: Buffer, size = data.length || 1) {
  const inspector = createInvoiceInspector();
  for (let i = 0; i < data.length; i += size) inspector.write(data.subarray(i, i + size));
  return inspector.finish();
}

describe('createInvoiceInspector', () => {
  it.each([
    ['application/pdf', tinyPdf()],
    ['image/png', tinyPng()],
    ['image/jpeg', tinyJpeg()],
    ['application/xml', tinyNfeXml()],
  ])('recognises %s whole and one byte at a time', (type, data) => {
    expect(inspect(data)).toBe(type);
    expect(inspect(data, 1)).toBe(type);
  });

  it.each([
    ['three JPEG magic bytes', Buffer.from([0xff, 0xd8, 0xff])],
    ['a JPEG without its end marker', tinyJpeg().subarray(0, -2)],
    ['a JPEG whose first segment is not one', Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0xff, 0xd9])],
    ['an HTML page behind %PDF-', Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n')],
    ['a PDF without %%EOF', tinyPdf().subarray(0, -7)],
    ['a PDF with %%EOF far from its end', Buffer.concat([tinyPdf(), Buffer.alloc(2000, 0x20)])],
    ['a PNG signature alone', tinyPng().subarray(0, 8)],
    ['a PNG without IEND', tinyPng().subarray(0, -12)],
  ])('refuses %s: the magic bytes without the structure', (_what, data) => {
    expect(inspect(data)).toBeUndefined();
    expect(inspect(data, 1)).toBeUndefined();
  });

  it('takes bytes after the end marker, as cameras and PDF writers leave them', () => {
    expect(inspect(Buffer.concat([tinyJpeg(), Buffer.alloc(500)]))).toBe('image/jpeg');
    expect(inspect(Buffer.concat([tinyPdf(), Buffer.from('\n\n')]), 3)).toBe('application/pdf');
  });

  it('finds a forbidden tag split across two chunks', () => {
    const data = Buffer.from(`<?xml version="1.0"?><nfeProc>${' '.repeat(5000)}<sCrIpT>x</script></nfeProc>`);
    const splitAt = data.indexOf('CrIp');
    const inspector = createInvoiceInspector();
    inspector.write(data.subarray(0, splitAt));
    inspector.write(data.subarray(splitAt));
    expect(inspector.finish()).toBeUndefined();
    expect(inspect(data, 7)).toBeUndefined();
  });

  it('does not scan binary documents for markup (a PDF may mention <script> in its text)', () => {
    const pdf = Buffer.concat([tinyPdf(), Buffer.from('% <script> in a comment')]);
    expect(inspect(pdf)).toBe('application/pdf');
  });

  it.each([
    ['a tag that only starts like NFe', Buffer.from('<NFeX/>')],
    ['XML after other text', Buffer.from('hello <?xml version="1.0"?><nfeProc/>')],
    ['XML with a NUL byte', Buffer.from('<?xml version="1.0"?><nfeProc>\0</nfeProc>')],
    ['UTF-16 XML', Buffer.from('\uFEFF<?xml version="1.0"?><NFe/>', 'utf16le')],
  ])('refuses %s', (_what, data) => {
    expect(inspect(data)).toBeUndefined();
  });

  it('accepts the NF-e signature namespace, which only looks like SVG', () => {
    const xml = '<NFe><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/></NFe>';
    expect(inspect(Buffer.from(xml))).toBe('application/xml');
  });
});
