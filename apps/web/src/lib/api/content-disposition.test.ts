// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('the file name of a Content-Disposition header', () => {
  it('reads a quoted, an unquoted and an escaped filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="extrato-42.pdf"')).toBe('extrato-42.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=extrato-42.pdf')).toBe('extrato-42.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
  });

  it('prefers filename* (UTF-8, percent-encoded) to filename', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="solicitacao-42.pdf"; filename*=UTF-8''solicita%C3%A7%C3%A3o-42.pdf`,
      ),
    ).toBe('solicitação-42.pdf');
  });

  it('falls back to filename when filename* is malformed or of another charset', () => {
    expect(
      fileNameFromContentDisposition(`attachment; filename*=UTF-8''bad%E0%A4.pdf; filename="ok.pdf"`),
    ).toBe('ok.pdf');
    expect(
      fileNameFromContentDisposition(`attachment; filename*=iso-8859-1'en'x%E7.pdf; filename="ok.pdf"`),
    ).toBe('ok.pdf');
  });

  it('keeps only the last path segment and refuses empty names', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.pdf"')).toBe('x.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});
