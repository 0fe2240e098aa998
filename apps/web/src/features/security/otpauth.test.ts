// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupsOfFour, recoveryCodesText, secretOf, svgImageSource } from './otpauth';

describe('the manual key of an otpauth URI', () => {
  it('is its secret parameter, in groups of four', () => {
    const uri =
      'otpauth://totp/Demo%20Org:ana%40demo.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Demo%20Org';
    expect(secretOf(uri)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(groupsOfFour(secretOf(uri))).toEqual([
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
    ]);
    expect(groupsOfFour('ABCDEF')).toEqual(['ABCD', 'EF']);
  });

  it('is empty when the URI is not one or has no secret', () => {
    expect(secretOf('not a uri')).toBe('');
    expect(secretOf('otpauth://totp/x?issuer=y')).toBe('');
    expect(groupsOfFour('')).toEqual([]);
  });
});

describe('the QR code and the recovery codes', () => {
  it('shows the SVG as an image address, never as markup', () => {
    const source = svgImageSource('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('<');
    expect(decodeURIComponent(source.split(',')[1] ?? '')).toContain('<svg');
  });

  it('writes the codes one a line under a heading', () => {
    expect(recoveryCodesText('Codes', ['AAAAA-BBBBB', 'CCCCC-DDDDD'])).toBe(
      'Codes\n\nAAAAA-BBBBB\nCCCCC-DDDDD\n',
    );
  });
});
