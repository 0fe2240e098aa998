// @vitest-environment node
import type { Company } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { filterCompanies } from './filter-companies';

const company = (name: string, identification: string, id: number): Company => ({
  id,
  name,
  identification,
  type: 'CORPORATION',
  value: 0,
  canAnticipate: true,
  hasBankAccount: true,
});
const companies = [
  company('Alfa Componentes Ltda', '21534876000198', 1),
  company('Beta Serviços ME', '30982157000120', 2),
  company('Delta Logística Ltda', '12ABC34501DE35', 3),
];
const names = (query: string) => filterCompanies(companies, query, 'pt-BR').map((found) => found.name);

describe('company search (docs/product screens)', () => {
  it('matches the identification by prefix, digits only, punctuation allowed', () => {
    expect(names('2153')).toEqual(['Alfa Componentes Ltda']);
    expect(names('30.982')).toEqual(['Beta Serviços ME']);
    expect(names('0001')).toEqual([]);
  });

  it('matches an alphanumeric CNPJ by prefix, in any case, with or without punctuation', () => {
    expect(names('12abc')).toEqual(['Delta Logística Ltda']);
    expect(names('12.ABC.345/0')).toEqual(['Delta Logística Ltda']);
    expect(names('12.abc.345/01de-35')).toEqual(['Delta Logística Ltda']);
    expect(names('12ABD')).toEqual([]);
  });

  it('matches any part of the name, ignoring case', () => {
    expect(names('serviços')).toEqual(['Beta Serviços ME']);
    expect(names('LTDA')).toEqual(['Alfa Componentes Ltda', 'Delta Logística Ltda']);
    expect(names('a')).toEqual(['Alfa Componentes Ltda', 'Beta Serviços ME', 'Delta Logística Ltda']);
  });

  it('an empty filter lists them all', () => {
    expect(names('  ')).toHaveLength(3);
  });
});
