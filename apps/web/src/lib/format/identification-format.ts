/**
 * CPF 000.000.000-00 (3-3-3-2) and CNPJ 00.000.000/0000-00 (2-3-3-4-2); other input as is
 * (docs/product/screens-and-routes.md#identification-masks).
 */
export function formatIdentification(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (digits.length === 14) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

/** The input masks of the same formats, for react-imask. */
export const identificationMasks = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  phone: '(00) 00000-0000',
};
