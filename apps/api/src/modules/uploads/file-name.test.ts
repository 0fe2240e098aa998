import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it.each([
    ['nota fiscal março.pdf', 'nota fiscal março.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ana\\nota.pdf', 'nota.pdf'],
    ['nota\u0000\u0007\r\n.pdf', 'nota.pdf'],
    ['nota\u202Efdp.exe', 'notafdp.pdf'],
    ['  espaços.xml  ', 'espaços.pdf'],
    ['nota.html', 'nota.pdf'],
    ['nota', 'nota.pdf'],
    ['NOTA.PDF', 'NOTA.PDF'],
    ['.pdf', 'invoice.pdf'],
    ['..', 'invoice.pdf'],
    ['dir/', 'invoice.pdf'],
    ['', 'invoice.pdf'],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeFileName(raw, 'pdf')).toBe(expected);
  });

  it('falls back to a neutral name when the client sent none', () => {
    expect(sanitizeFileName(undefined, 'png')).toBe('invoice.png');
  });

  it('keeps either name of a JPEG', () => {
    expect(sanitizeFileName('foto.jpeg', 'jpg')).toBe('foto.jpeg');
    expect(sanitizeFileName('foto.JPG', 'jpg')).toBe('foto.JPG');
    expect(sanitizeFileName('foto.png', 'jpg')).toBe('foto.jpg');
  });

  it('keeps at most 255 characters, the extension included, without splitting an emoji', () => {
    expect(sanitizeFileName(`${'a'.repeat(300)}.html`, 'pdf')).toBe(`${'a'.repeat(251)}.pdf`);
    const name = sanitizeFileName(`${'a'.repeat(250)}😀😀.pdf`, 'pdf');
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('😀.pdf')).toBe(true);
  });
});
