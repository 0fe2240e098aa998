/**
 * The phone input (docs/product/screens-and-routes.md#phone): the mask (AA) NNNNN-NNNN, or (AA) NNNN-NNNN
 * while only 8 digits follow the area code; the form keeps digits only.
 */
export const phoneMasks = [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }];

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Digits shown with the mask (mobile section summaries). */
export function formatPhone(digits: string): string {
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(phoneDigits(digits));
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}
