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

  it('neutralises a formula after a ; (the Brazilian separator), a tab or a line break inside a cell', () => {
    expect(
      toCsv(
        ['nf', 'detail'],
        [
          ['1', 'Pedido 7;=HYPERLINK("http://evil.test","ver")'],
          ['2', 'a; "@SUM(A1)'],
          ['3', 'x\t+1\n-2'],
          ['4', 'desconto; 10 - 2 = 8'],
        ],
      ),
    ).toBe(
      [
        'nf,detail',
        '1,"Pedido 7;\'=HYPERLINK(""http://evil.test"",""ver"")"',
        '2,"a; ""\'@SUM(A1)"',
        '3,"x\t\'+1\n\'-2"',
        '4,"desconto; 10 - 2 = 8"',
      ].join('\r\n'),
    );
  });
});
