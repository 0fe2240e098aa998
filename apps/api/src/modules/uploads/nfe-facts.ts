import { normalizeIdentification } from '@portal/contract';
import { XMLParser } from 'fast-xml-parser';

/** What the portal compares of an NF-e, as written in its signed `infNFe` (strings: nothing is a float). */
export type NfeFacts = {
  /** `infNFe/@Id` without its `NFe` prefix. */
  accessKey: string;
  /** `emit/CNPJ` or `emit/CPF`, normalised. */
  issuer: string;
  /** `dest/CNPJ` or `dest/CPF`, normalised; '' when the recipient has neither (a foreign buyer). */
  recipient: string;
  number: string;
  series: string;
  /** `total/ICMSTot/vNF`, a decimal in reais. */
  total: string;
  /** The duplicatas of `cobr/dup`: their number and value as written. */
  duplicatas: { number: string; value: string }[];
};

// Entities off (the file has no DOCTYPE anyway), every value a string as written: numbers keep their leading
// zeros and amounts their decimals until they are compared. Shared with nfse-facts.ts.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  isArray: (name) => name === 'dup',
});

/** The tree of a signed content's canonical XML, every value as written. */
export const parseSignedXml = (canonical: string): unknown => parser.parse(canonical);

/** The value at that path of the parsed tree, whatever it is. */
export const valueAt = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (at, name) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[name] : undefined),
    node,
  );
/** The text at that path, trimmed; '' when it is missing or not one element's text (e.g. repeated). */
export const textAt = (node: unknown, ...path: string[]): string => {
  const value = valueAt(node, ...path);
  return typeof value === 'string' ? value.trim() : '';
};

/** A party's `CNPJ` or `CPF` child, normalised; '' when it has neither. */
export const partyAt = (node: unknown, name: string): string =>
  normalizeIdentification(textAt(node, name, 'CNPJ') || textAt(node, name, 'CPF'));

/**
 * Reads the facts from the canonical `infNFe` the signature covers (nfe-signature.ts), never from the file
 * around it. Undefined when that text is not an `infNFe` with the expected Id.
 */
export function readNfeFacts(signedInfNFe: string, infNFeId: string): NfeFacts | undefined {
  const infNFe = valueAt(parseSignedXml(signedInfNFe), 'infNFe');
  if (!infNFe || textAt(infNFe, '@Id') !== infNFeId) return undefined;
  const duplicatas = valueAt(infNFe, 'cobr', 'dup');
  return {
    accessKey: infNFeId.slice('NFe'.length),
    issuer: partyAt(infNFe, 'emit'),
    recipient: partyAt(infNFe, 'dest'),
    number: textAt(infNFe, 'ide', 'nNF'),
    series: textAt(infNFe, 'ide', 'serie'),
    total: textAt(infNFe, 'total', 'ICMSTot', 'vNF'),
    duplicatas: (Array.isArray(duplicatas) ? duplicatas : []).map((dup) => ({
      number: textAt(dup, 'nDup'),
      value: textAt(dup, 'vDup'),
    })),
  };
}
