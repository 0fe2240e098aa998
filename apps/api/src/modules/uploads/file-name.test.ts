import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it.each([
    ['nota fiscal março.pdf', 'nota fiscal março.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ana\\nota.pdf', 'nota.pdf'],
    ['nota\u0000\u0007\r\n.pdf', 'nota.pdf'],
    ['nota\u202Efdp.exe', 'notafdp.exe'],
    ['  espaços.xml  ', 'espaços.xml'],
    ['..', 'invoice.pdf'],
    ['dir/', 'invoice.pdf'],
    ['', 'invoice.pdf'],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeFileName(raw, 'pdf')).toBe(expected);
  });

  it('falls back to a neutral name when the client sent none', () => {
    expect(sanitizeFileName(undefined, 'png')).toBe('invoice.png');
  });

  it('keeps at most 255 characters without splitting an emoji', () => {
    const name = sanitizeFileName(`${'a'.repeat(254)}😀😀.pdf`, 'pdf');
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('😀')).toBe(true);
  });
});
