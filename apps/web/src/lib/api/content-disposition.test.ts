// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('the file name of a Content-Disposition header', () => {
  it('reads the quoted filename the server sends', () => {
    expect(fileNameFromContentDisposition('attachment; filename="extrato-42.pdf"')).toBe('extrato-42.pdf');
    expect(fileNameFromContentDisposition('attachment; FILENAME="solicitacao-7.pdf"')).toBe(
      'solicitacao-7.pdf',
    );
  });

  it('takes no name with a path, an empty one, or none', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename="C:\\temp\\x.pdf"')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});
