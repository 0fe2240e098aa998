import { describe, expect, it } from 'vitest';
import {
  cnpjSchema,
  companyTypeOf,
  cpfSchema,
  identificationSchema,
  isValidCnpj,
  isValidCpf,
  isValidIdentification,
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
