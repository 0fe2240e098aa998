import type { Company } from '@portal/contract';

/**
 * The company search (docs/product/screens-and-routes.md#company-search): a query made of digits (punctuation
 * of a typed CNPJ/CPF allowed) matches the start of the identification; anything else matches a
 * case-insensitive part of the name.
 */
export function filterCompanies(companies: readonly Company[], query: string, locale?: string): Company[] {
  const trimmed = query.trim();
  if (trimmed === '') return [...companies];
  const digits = trimmed.replace(/\D/g, '');
  const isIdentification = digits !== '' && /^[\d.\-/\s]+$/.test(trimmed);
  if (isIdentification) return companies.filter((company) => company.identification.startsWith(digits));
  const needle = trimmed.toLocaleLowerCase(locale);
  return companies.filter((company) => company.name.toLocaleLowerCase(locale).includes(needle));
}
