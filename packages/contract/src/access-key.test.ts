import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessKeyCheckDigit, formatAccessKey, isValidAccessKey, isValidNfseAccessKey } from './access-key';
import { cnpjCheckDigits } from './identification';

describe('the NF-e access key', () => {
  it('accepts keys published as examples of the layout', () => {
    // An NFC-e of Amazonas, October 2018, broken down field by field in public explanations of the key.
    expect(isValidAccessKey('13181017921427000125650010000000309887251170')).toBe(true);
    // The Manual de Orientação's worked example of the check digit: 6 over these 43 characters.
    expect(accessKeyCheckDigit('4317120736461700013555000000012014100012014')).toBe(6);
  });

  it('gives 0 for a remainder of 0 or 1', () => {
    // Remainder 0 (all zeros) and 1 (3·2 + 2·3 = 12) both give 0; 1·2 = 2 gives 11 − 2 = 9; the weights
    // restart at 2 after 9, so a 1 in the 9th place from the right weighs 2 as well.
    expect(accessKeyCheckDigit('0'.repeat(43))).toBe(0);
    expect(accessKeyCheckDigit(`${'0'.repeat(41)}23`)).toBe(0);
    expect(accessKeyCheckDigit(`${'0'.repeat(42)}1`)).toBe(9);
    expect(accessKeyCheckDigit(`${'0'.repeat(34)}100000000`)).toBe(9);
  });

  it('carries an alphanumeric CNPJ, each letter worth its ASCII code minus 48', () => {
    const cnpj = `12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`;
    expect(cnpj).toBe('12ABC34501DE35');
    const first43 = `352603${cnpj}55001000100000100000001`;
    const key = `${first43}${accessKeyCheckDigit(first43)}`;
    expect(isValidAccessKey(key)).toBe(true);
    // Lower case is not a key: keys are compared as the tax authority writes them.
    expect(isValidAccessKey(key.toLowerCase())).toBe(false);
  });

  it('refuses every other check digit, any other length, and letters outside the CNPJ', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 43, maxLength: 43 });
    fc.assert(
      fc.property(digits, fc.integer({ min: 1, max: 9 }), (first43, shift) => {
        const digit = accessKeyCheckDigit(first43);
        expect(isValidAccessKey(`${first43}${digit}`)).toBe(true);
        expect(isValidAccessKey(`${first43}${(digit + shift) % 10}`)).toBe(false);
        expect(isValidAccessKey(`${first43}${digit}0`)).toBe(false);
        expect(isValidAccessKey(`${first43.slice(1)}${digit}`)).toBe(false);
      }),
    );
    const withLetterInSeries = `3526031144477700016155A01000100000100000001`;
    expect(isValidAccessKey(`${withLetterInSeries}${accessKeyCheckDigit(withLetterInSeries)}`)).toBe(false);
  });

  it('reads in blocks of 4', () => {
    expect(formatAccessKey('35260311444777000161550010001000001000000011')).toBe(
      '3526 0311 4447 7700 0161 5500 1000 1000 0010 0000 0011',
    );
  });

  it("keeps a document Id's prefix apart from the blocks (a refused key is shown as the file has it)", () => {
    expect(formatAccessKey('NFe35260311444777000161550010001000001000000011')).toBe(
      'NFe 3526 0311 4447 7700 0161 5500 1000 1000 0010 0000 0011',
    );
    expect(formatAccessKey('NFS5211503123955819400018000000000048662602371491345')).toBe(
      'NFS 5211 5031 2395 5819 4000 1800 0000 0000 4866 2602 3714 9134 5',
    );
    expect(formatAccessKey('NFe')).toBe('NFe');
    expect(formatAccessKey('ABC1234')).toBe('ABC1 234');
  });
});

describe("the NFS-e's access key of the national standard", () => {
  it('accepts keys of NFS-e published in public code, by the same modulo 11 over the first 49 digits', () => {
    // Itumbiara (GO) February 2026, NFS-e 4866 of CNPJ 39558194000180; Belo Horizonte (MG) April 2026.
    expect(isValidNfseAccessKey('52115031239558194000180000000000486626023714913456')).toBe(true);
    expect(isValidNfseAccessKey('31062002250516724000160000000000002126046985535602')).toBe(true);
    expect(accessKeyCheckDigit('5211503123955819400018000000000048662602371491345')).toBe(6);
  });

  it('refuses another check digit, another length, letters and the NF-e key', () => {
    const first49 = '3550308221144477700016100000001000002603000000001';
    const digit = accessKeyCheckDigit(first49);
    expect(isValidNfseAccessKey(`${first49}${digit}`)).toBe(true);
    expect(isValidNfseAccessKey(`${first49}${(digit + 1) % 10}`)).toBe(false);
    expect(isValidNfseAccessKey(`${first49}${digit}0`)).toBe(false);
    expect(isValidNfseAccessKey(`NFS${first49}${digit}`)).toBe(false);
    const lettered = `${first49.slice(0, 9)}12ABC34501DE35${first49.slice(23)}`;
    expect(isValidNfseAccessKey(`${lettered}${accessKeyCheckDigit(lettered)}`)).toBe(false);
    expect(isValidNfseAccessKey('35260311444777000161550010001000001000000011')).toBe(false);
    expect(isValidAccessKey(`${first49}${digit}`)).toBe(false);
  });

  it('reads in blocks of 4, the last of 2', () => {
    expect(formatAccessKey('52115031239558194000180000000000486626023714913456')).toBe(
      '5211 5031 2395 5819 4000 1800 0000 0000 4866 2602 3714 9134 56',
    );
  });
});
