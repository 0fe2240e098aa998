import { type Company, identificationPrefixOf } from '@portal/contract';

/**
 * The company search (docs/product/screens-and-routes.md#company-search): what is typed, without punctuation
 * and in any case, matches the start of the identification (numeric or alphanumeric CNPJ, CPF); it also matches
 * a case-insensitive part of the name.
 */
export function filterCompanies(companies: readonly Company[], query: string, locale?: string): Company[] {
  const trimmed = query.trim();
  if (trimmed === '') return [...companies];
  const prefix = identificationPrefixOf(trimmed);
  const needle = trimmed.toLocaleLowerCase(locale);
  return companies.filter(
    (company) =>
      (prefix !== undefined && company.identification.startsWith(prefix)) ||
      company.name.toLocaleLowerCase(locale).includes(needle),
  );
}
