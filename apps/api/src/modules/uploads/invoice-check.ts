import {
  centsToMoneyString,
  type ErrorCode,
  type FieldError,
  isValidAccessKey,
  isValidNfseAccessKey,
  moneyStringSchema,
  moneyStringToCents,
  normalizeIdentification,
} from '@portal/contract';
import { AppError } from '../../http/app-error';
import { boundedInvoiceText } from './invoice-bounds';
import { type InvoiceXml, parseInvoiceXml } from './invoice-xml';
import { readNfeFacts } from './nfe-facts';
import { signedContentOf } from './nfe-signature';
import { readNfseFacts } from './nfse-facts';

/** What the credit says, for the comparison with its electronic invoice. */
export type CreditFacts = {
  /** The supplier company's identification: the invoice's issuer. */
  supplier: string;
  /** The program's buyer identification: the invoice's recipient. */
  buyer: string;
  nfNumber: string;
  nfSerial: string;
  installmentNumber: number;
  originalValueCents: bigint;
};

const refusal = (code: ErrorCode, fieldErrors: FieldError[]) => new AppError(code, { fieldErrors });
const differs = (field: string, document: string, credit?: string): FieldError => ({
  field,
  message: 'validation.invalid',
  params: credit === undefined ? { document } : { document, credit },
});

/** What either invoice says that is compared with its credit, as written in its signed content. */
type ComparedFacts = {
  accessKey: string;
  issuer: string;
  recipient: string;
  number: string;
  series: string;
  /** The amounts any of which may be the credit's original value, each with the field a refusal names it by. */
  amounts: { field: string; amount: string }[];
};

const signatureInvalid = () =>
  refusal('error.invoice.signatureInvalid', [{ field: 'signature', message: 'validation.invalid' }]);

/**
 * Checks an uploaded XML (an NF-e, or an NFS-e of the national standard) against its credit before it is stored
 * (docs/product/requests.md#invoice-check) and answers the access key to keep with it. Each refusal is a 400
 * whose fieldErrors say what the document says against what the credit says. The order is the trust order: the
 * key's shape, then the signature, and only then what the signed content says.
 */
export function checkInvoiceXml(bytes: Buffer, credit: CreditFacts): { accessKey: string } {
  const xml = boundedInvoiceText(bytes);
  let found: InvoiceXml;
  try {
    found = parseInvoiceXml(xml);
  } catch {
    throw new AppError('error.upload.unsupportedType');
  }
  if (found.kind === 'other') throw new AppError('error.upload.unsupportedType');
  const facts = found.kind === 'nfe' ? nfeFacts(xml, found, credit) : nfseFacts(xml, found);
  compareWithCredit(facts, credit);
  return { accessKey: facts.accessKey };
}

function nfeFacts(xml: string, found: InvoiceXml & { kind: 'nfe' }, credit: CreditFacts): ComparedFacts {
  const idKey = found.infNFeId.startsWith('NFe') ? found.infNFeId.slice(3) : found.infNFeId;
  const keyErrors = [
    ...(found.infNFeId.startsWith('NFe') && isValidAccessKey(idKey)
      ? []
      : [differs('accessKey', found.infNFeId)]),
    ...(found.protocolKey === undefined || found.protocolKey === idKey
      ? []
      : [differs('protocolKey', found.protocolKey, idKey)]),
  ];
  if (keyErrors.length > 0) throw refusal('error.invoice.keyInvalid', keyErrors);

  const signed =
    found.signature && !found.hasOtherInfNFe && signedContentOf(xml, found.signature, found.infNFeId);
  const facts = signed ? readNfeFacts(signed, found.infNFeId) : undefined;
  if (!facts) throw signatureInvalid();

  // The total pays the credit when it is the invoice's only instalment; otherwise its duplicata does.
  const installment = facts.duplicatas.find((dup) =>
    sameNumber(dup.number, String(credit.installmentNumber)),
  );
  return {
    ...facts,
    amounts: [
      { field: 'originalValue', amount: facts.total },
      ...(installment ? [{ field: 'installmentValue', amount: installment.value }] : []),
    ],
  };
}

/**
 * The NFS-e's only signature the layout requires is the tax authority's over `infNFSe` (the `NFSe`'s own); it
 * covers the provider's DPS, whose own optional signature over `infDPS` was checked when the NFS-e was issued
 * and is not checked again (docs/decisions/uploads.md).
 */
function nfseFacts(xml: string, found: InvoiceXml & { kind: 'nfse' }): ComparedFacts {
  const id = found.infNFSeId;
  if (!(id.startsWith('NFS') && isValidNfseAccessKey(id.slice(3))))
    throw refusal('error.invoice.keyInvalid', [differs('accessKey', id)]);

  const signed = found.signature && !found.hasOtherInfNFSe && signedContentOf(xml, found.signature, id);
  const facts = signed ? readNfseFacts(signed, id) : undefined;
  if (!facts) throw signatureInvalid();

  // The credit may carry the service's value or the net the taker pays once it has withheld its taxes.
  const netDiffers = centsOf(facts.netValue) !== centsOf(facts.serviceValue);
  return {
    ...facts,
    amounts: [
      { field: 'originalValue', amount: facts.serviceValue },
      ...(netDiffers ? [{ field: 'netValue', amount: facts.netValue }] : []),
    ],
  };
}

function compareWithCredit(facts: ComparedFacts, credit: CreditFacts) {
  const supplier = normalizeIdentification(credit.supplier);
  if (facts.issuer !== supplier)
    throw refusal('error.invoice.issuerMismatch', [differs('issuer', facts.issuer, supplier)]);
  const buyer = normalizeIdentification(credit.buyer);
  if (facts.recipient !== buyer)
    throw refusal('error.invoice.recipientMismatch', [differs('recipient', facts.recipient, buyer)]);

  const numberErrors = [
    ...(sameNumber(facts.number, credit.nfNumber)
      ? []
      : [differs('nfNumber', facts.number, credit.nfNumber)]),
    ...(sameNumber(facts.series, credit.nfSerial)
      ? []
      : [differs('nfSerial', facts.series, credit.nfSerial)]),
  ];
  if (numberErrors.length > 0) throw refusal('error.invoice.numberMismatch', numberErrors);

  const value = centsToMoneyString(credit.originalValueCents);
  if (facts.amounts.some(({ amount }) => centsOf(amount) === credit.originalValueCents)) return;
  throw refusal(
    'error.invoice.valueMismatch',
    facts.amounts.map(({ field, amount }) => differs(field, asReais(amount), value)),
  );
}

/** Numbers and series compare as numbers ("001" is 1); anything not all digits compares as upper-cased text. */
function sameNumber(document: string, credit: string): boolean {
  const normal = (value: string) => {
    const text = value.trim().toUpperCase();
    return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
  };
  return normal(document) === normal(credit);
}

/**
 * NF-e and NFS-e amounts are decimals with a dot and up to 2 places ("1234.5", "1234.50"), the import file's money
 * strings: exact centavos, never a float; null for anything else.
 */
function centsOf(amount: string): bigint | null {
  return moneyStringSchema.safeParse(amount).success ? moneyStringToCents(amount) : null;
}

/** The document's amount with 2 places when it is one, as written when it is not. */
function asReais(amount: string): string {
  const cents = centsOf(amount);
  return cents === null ? amount : centsToMoneyString(cents);
}
