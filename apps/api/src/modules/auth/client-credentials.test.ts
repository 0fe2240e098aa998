import { describe, expect, it } from 'vitest';
import { basicCredentials } from './client-credentials';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe('basicCredentials', () => {
  it('form-decodes id and secret after splitting on the first colon (RFC 6749 2.3.1)', () => {
    // What a standard client sends for id "web app" and secret "s:e+c%r é".
    const encoded = `${'web+app'}:${encodeURIComponent('s:e+c%r é')}`;
    expect(basicCredentials(`Basic ${b64(encoded)}`)).toEqual({ id: 'web app', secret: 's:e+c%r é' });
    expect(basicCredentials(`  bAsIc   ${b64('a:')}  `)).toEqual({ id: 'a', secret: '' });
  });

  it('leaves other schemes and an absent header to the form', () => {
    expect(basicCredentials(undefined)).toBeUndefined();
    expect(basicCredentials('')).toBeUndefined();
    expect(basicCredentials(`Bearer ${'x'.repeat(43)}`)).toBeUndefined();
    expect(basicCredentials(`Basically ${b64('a:b')}`)).toBeUndefined();
  });

  it.each([
    ['no credentials', 'Basic'],
    ['not base64', 'Basic not*base64!'],
    ['no colon', `Basic ${b64('portal-web')}`],
    ['two tokens', `Basic ${b64('a:b')} ${b64('c:d')}`],
    ['not UTF-8', `Basic ${b64(Buffer.from([0xff, 0x3a, 0x41]))}`],
    ['a broken percent escape', `Basic ${b64('a:%zz')}`],
  ])('calls a header with %s malformed', (_what, header) => {
    expect(basicCredentials(header)).toBe('malformed');
  });
});
