import { cnpj as independent } from 'cpf-cnpj-validator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cnpjSchema,
  companyTypeOf,
  cpfSchema,
  formatIdentification,
  identificationPrefixOf,
  identificationSchema,
  isValidCnpj,
  isValidCpf,
  isValidIdentification,
  normalizeIdentification,
} from './identification';

describe('isValidCpf', () => {
  it.each(['52998224725', '12345678909', '11144477735'])('accepts the valid CPF %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['52998224724', 'wrong second check digit'],
    ['52998224715', 'wrong first check digit'],
    ['11111111111', 'repeated digits pass the arithmetic but are not issued'],
    ['00000000000', 'all zeros'],
    ['529.982.247-25', 'formatted, not digits only'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['', 'empty'],
  ])('rejects %s (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it.each(['11444777000161', '11222333000181'])('accepts the valid CNPJ %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ['11444777000162', 'wrong second check digit'],
    ['11444777000171', 'wrong first check digit'],
    ['11222333000180', 'wrong second check digit'],
    ['00000000000000', 'all zeros'],
    ['11.444.777/0001-61', 'formatted'],
    ['1144477700016', 'thirteen digits'],
    ['12ABC34501DE36', 'alphanumeric, wrong second check digit'],
    ['12ABC34501DE45', 'alphanumeric, wrong first check digit'],
    ['12abc34501de35', 'lower case: the stored form is upper case'],
    ['12ABC34501DEA5', 'a letter in a check digit'],
    ['AAAAAAAAAAAA00', 'repeated characters'],
  ])('rejects %s (%s)', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('identification by company type', () => {
  it('checks a CPF for INDIVIDUAL and a CNPJ for CORPORATION', () => {
    expect(isValidIdentification('INDIVIDUAL', '52998224725')).toBe(true);
    expect(isValidIdentification('CORPORATION', '52998224725')).toBe(false);
    expect(isValidIdentification('CORPORATION', '11444777000161')).toBe(true);
    expect(isValidIdentification('INDIVIDUAL', '11444777000161')).toBe(false);
  });

  it('tells the type by length', () => {
    expect(companyTypeOf('52998224725')).toBe('INDIVIDUAL');
    expect(companyTypeOf('11444777000161')).toBe('CORPORATION');
    expect(companyTypeOf('123')).toBeUndefined();
  });
});

describe('schemas', () => {
  it('report one catalogue key per bad value', () => {
    expect(cpfSchema.safeParse('52998224724').error?.issues.map((i) => i.message)).toEqual([
      'validation.cpf.invalid',
    ]);
    expect(cnpjSchema.safeParse('abc').error?.issues.map((i) => i.message)).toEqual([
      'validation.cnpj.invalid',
    ]);
    expect(identificationSchema.safeParse('11222333000181').success).toBe(true);
    expect(identificationSchema.safeParse('52998224725').success).toBe(true);
    expect(identificationSchema.safeParse('123456789012').error?.issues.map((i) => i.message)).toEqual([
      'validation.identification.invalid',
    ]);
  });
});

describe('the alphanumeric CNPJ (docs/product/identification.md#cnpj)', () => {
  it("accepts Receita Federal's example 12.ABC.345/01DE-35 and computes its check digits", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(cnpjSchema.safeParse('12ABC34501DE35').success).toBe(true);
    expect(identificationSchema.safeParse('12ABC34501DE35').success).toBe(true);
    expect(companyTypeOf('12ABC34501DE35')).toBe('CORPORATION');
  });

  it('stores what was typed upper-cased without punctuation, keeping any other character', () => {
    expect(normalizeIdentification('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeIdentification(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizeIdentification('12ABC_34501DE35')).toBe('12ABC_34501DE35');
  });

  it('is shown as SS.SSS.SSS/SSSS-NN, numeric CNPJs and CPFs as before, anything else as given', () => {
    expect(formatIdentification('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatIdentification('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
    expect(formatIdentification('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatIdentification('52998224725')).toBe('529.982.247-25');
    expect(formatIdentification('12345')).toBe('12345');
    expect(formatIdentification('12ABC34501DEXY')).toBe('12ABC34501DEXY');
  });

  it('reads a typed search as an identification prefix in any case and punctuation', () => {
    expect(identificationPrefixOf('12abc')).toBe('12ABC');
    expect(identificationPrefixOf('12.ABC.345/0')).toBe('12ABC3450');
    expect(identificationPrefixOf('Alfa Componentes Ltda')).toBeUndefined();
    expect(identificationPrefixOf('Beta & Cia')).toBeUndefined();
    expect(identificationPrefixOf(' . ')).toBeUndefined();
  });
});

/*
 * The check digits against an independent, well-kept implementation (cpf-cnpj-validator 2.x, which follows
 * Receita Federal's technical note on the alphanumeric CNPJ): thousands of generated values, valid ones and ones
 * with a broken digit, must be judged alike.
 */
describe('the CNPJ against cpf-cnpj-validator', () => {
  const runs = 5000;
  const cnpjBase = fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    minLength: 12,
    maxLength: 12,
  });
  const numericBase = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 12 });

  it(`agrees on the check digits of ${runs} alphanumeric and ${runs} numeric bases`, () => {
    for (const base of [cnpjBase, numericBase]) {
      fc.assert(
        fc.property(base, (root) => {
          const value = root + cnpjCheckDigits(root);
          expect(isValidCnpj(value)).toBe(independent.isValid(value, true));
          expect(formatIdentification(value)).toBe(independent.format(value));
        }),
        { numRuns: runs },
      );
    }
  });

  it(`refuses ${runs} valid values with one check digit changed, as the library does`, () => {
    fc.assert(
      fc.property(
        cnpjBase,
        fc.integer({ min: 12, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (root, at, shift) => {
          const valid = root + cnpjCheckDigits(root);
          const broken = valid.slice(0, at) + ((Number(valid[at]) + shift) % 10) + valid.slice(at + 1);
          expect(isValidCnpj(broken)).toBe(false);
          expect(independent.isValid(broken, true)).toBe(false);
        },
      ),
      { numRuns: runs },
    );
  });

  it(`accepts ${runs} CNPJs the library generates, formatted or not`, () => {
    for (let i = 0; i < runs; i++) {
      const generated = independent.generate();
      expect(isValidCnpj(generated), generated).toBe(true);
      expect(isValidCnpj(normalizeIdentification(independent.generate({ formatted: true })))).toBe(true);
    }
  });
});
