import { onlyChild as childOf, parseXmlDocument, type XmlDocument, type XmlElement } from './xml-dom';

export const nfeNamespace = 'http://www.portalfiscal.inf.br/nfe';
export const nfseNamespace = 'http://www.sped.fazenda.gov.br/nfse';
const dsigNamespace = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * An uploaded XML by its root: an NF-e (`nfeProc` as authorised, or the bare `NFe`) or an NFS-e of the national
 * standard (`NFSe`, whose `infNFSe` holds the provider's `DPS`: NFSe_v1.00.xsd and tiposComplexos of the Sistema
 * Nacional NFS-e), each with what its signature check needs, or anything else.
 */
export type InvoiceXml =
  | {
      kind: 'nfe';
      /** The `Id` of the one `infNFe` (`NFe` + the access key). */
      infNFeId: string;
      /** The `NFe`'s own Signature element, if it has one. */
      signature: XmlElement | undefined;
      hasOtherInfNFe: boolean;
      /** The key of the authorisation protocol (`protNFe/infProt/chNFe`), when the file carries it. */
      protocolKey: string | undefined;
    }
  | {
      kind: 'nfse';
      /** The `Id` of the one `infNFSe` (`NFS` + the access key). */
      infNFSeId: string;
      /** The `NFSe`'s own Signature element (over `infNFSe`), if it has one. */
      signature: XmlElement | undefined;
      hasOtherInfNFSe: boolean;
    }
  | { kind: 'other' };

/**
 * Parses the exact text uploaded into the DOM the signature is checked on (the safety rules of
 * invoice-type.ts ran first: no DOCTYPE, so no entity can be declared). Throws on XML that is not well-formed.
 */
export function parseInvoiceXml(xml: string): InvoiceXml {
  return classify(parseXmlDocument(xml));
}

function classify(document: XmlDocument): InvoiceXml {
  const root = document.documentElement;
  if (!root) return { kind: 'other' };
  if (root.namespaceURI === nfseNamespace && root.localName === 'NFSe') return classifyNfse(document, root);
  if (root.namespaceURI !== nfeNamespace) return { kind: 'other' };
  const nfe =
    root.localName === 'NFe'
      ? root
      : root.localName === 'nfeProc'
        ? childOf(root, nfeNamespace, 'NFe')
        : undefined;
  const infNFe = nfe && childOf(nfe, nfeNamespace, 'infNFe');
  if (!nfe || !infNFe) return { kind: 'other' };
  const protocol = root === nfe ? undefined : childOf(root, nfeNamespace, 'protNFe');
  const info = protocol && childOf(protocol, nfeNamespace, 'infProt');
  const key = info && childOf(info, nfeNamespace, 'chNFe');
  return {
    kind: 'nfe',
    infNFeId: infNFe.getAttribute('Id') ?? '',
    signature: childOf(nfe, dsigNamespace, 'Signature'),
    // A second infNFe anywhere, signed or not, can only be there to wrap the signed one (nfe-signature.ts).
    hasOtherInfNFe: document.getElementsByTagNameNS(nfeNamespace, 'infNFe').length !== 1,
    protocolKey: key ? (key.textContent ?? '').trim() : undefined,
  };
}

function classifyNfse(document: XmlDocument, root: XmlElement): InvoiceXml {
  const infNFSe = childOf(root, nfseNamespace, 'infNFSe');
  if (!infNFSe) return { kind: 'other' };
  return {
    kind: 'nfse',
    infNFSeId: infNFSe.getAttribute('Id') ?? '',
    signature: childOf(root, dsigNamespace, 'Signature'),
    // As for the NF-e: a second infNFSe anywhere can only be there to wrap the signed one.
    hasOtherInfNFSe: document.getElementsByTagNameNS(nfseNamespace, 'infNFSe').length !== 1,
  };
}
