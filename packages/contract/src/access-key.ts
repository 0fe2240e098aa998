/*
 * The access key ("chave de acesso") of an electronic invoice (docs/product/requests.md#invoice-check).
 *
 * NF-e: 44 characters, cUF 2, year-month 4, issuer CNPJ 14 (alphanumeric root and order since July 2026, numeric
 * check digits; a CPF issuer is written with leading zeros), model 2, series 3, number 9, emission type 1, random
 * code 8, and a modulo-11 check digit over the first 43.
 *
 * NFS-e of the national standard (TSChaveNFSe / TSIdNFSe of the Sistema Nacional NFS-e's tiposSimples XSD, v1.00
 * and v1.01): 50 digits, municipality 7, generating environment 1, kind of federal registration 1 (1 CPF, 2 CNPJ),
 * that registration 14 (a CPF padded with zeros), NFS-e number 13, year-month 4, numeric code 9, and a check
 * digit over the first 49 by the same modulo 11 (the layout names the digit but not its rule; published keys
 * check with it).
 */

const accessKeyShape = /^\d{6}[0-9A-Z]{12}\d{26}$/;
const nfseAccessKeyShape = /^\d{50}$/;

/**
 * The check digit of the characters before it (43 for an NF-e, 49 for an NFS-e): weights 2 to 9 repeating from
 * the right; each character is worth its ASCII code minus 48 (the alphanumeric CNPJ's rule, so digits keep their
 * value). A remainder of 0 or 1 gives 0, anything else 11 − remainder.
 */
export function accessKeyCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const weight = 2 + (i % 8);
    sum += (body.charCodeAt(body.length - 1 - i) - 48) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const checkDigitHolds = (key: string) => Number(key.at(-1)) === accessKeyCheckDigit(key.slice(0, -1));

/** An NF-e's key (44 characters). */
export function isValidAccessKey(key: string): boolean {
  return accessKeyShape.test(key) && checkDigitHolds(key);
}

/** An NFS-e's key of the national standard (50 digits), as in `infNFSe/@Id` after its `NFS`. */
export function isValidNfseAccessKey(key: string): boolean {
  return nfseAccessKeyShape.test(key) && checkDigitHolds(key);
}

/**
 * In blocks of 4 for reading (as the DANFE prints it): "3526 0311 4447 …", whatever the key's length (an NFS-e's
 * 50 end in a block of 2). The stored key has no spaces. A document's `Id` as written (a refused key is shown
 * as the file has it) keeps its layout's prefix apart: "NFe 3526 0311 …", not "NFe3 5260 …".
 */
export function formatAccessKey(key: string): string {
  const [, prefix = '', digits = ''] = /^(NFe|NFS)?(.*)$/s.exec(key) ?? [];
  const blocks = digits.replace(/(.{4})(?=.)/g, '$1 ');
  return prefix && blocks ? `${prefix} ${blocks}` : prefix + blocks;
}
