import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV', () => {
  it('quotes what needs quoting and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          [1.5, 'plain'],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n1.5,plain');
  });

  it('never lets a text cell become a formula, but keeps negative numbers', () => {
    expect(toCsv(['f'], [['=SUM(A1)'], ['-2+3'], [-2]])).toBe("f\r\n'=SUM(A1)\r\n'-2+3\r\n-2");
  });
});
