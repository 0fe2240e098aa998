import { X509Certificate } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { XmlElement } from './xml-dom';

const dsigNamespace = 'http://www.w3.org/2000/09/xmldsig#';

/** RSA-SHA1 is what the NF-e layout prescribes; RSA-SHA256 is accepted too. HMAC never (its key would be public). */
const acceptedAlgorithms = new Set([
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
]);

/**
 * Checks the enveloped XMLDSig `signature` (a DOM element of `xml`, parsed from the very bytes uploaded) over
 * the element whose Id is `signedId`, with the public key of the X509 certificate in its own KeyInfo, and
 * answers the canonical XML that was signed: the only text the invoice's values may be read from, so a
 * second, unsigned copy elsewhere in the file (signature wrapping) is never what is read. Null when the
 * signature is not intact, names another element, signs more than that one element, or has no certificate.
 *
 * Whose certificate it is (ICP-Brasil chain, revocation) is not judged: that needs the chain and the
 * revocation lists online (docs/decisions/uploads.md).
 */
export function signedContentOf(xml: string, signature: XmlElement, signedId: string): string | null {
  const certificate = certificateOf(signature);
  if (!certificate) return null;
  try {
    const signed = new SignedXml({ publicCert: certificate, getCertFromKeyInfo: () => null });
    // The NF-e and NFS-e name their signed element by `Id` only. xml-crypto looks a reference up by each of its
    // id attributes in turn (Id, ID, id), each one XPath walk of the whole document: one is enough, and a
    // second element carrying the same `Id` is still refused as wrapping.
    signed.idAttributes = ['Id'];
    // xml-crypto's typings name the DOM's Node, which the API program does not load (xml-dom.ts).
    signed.loadSignature(signature as never);
    if (!acceptedAlgorithms.has(signed.signatureAlgorithm ?? '')) return null;
    const references = signed.getReferences();
    if (references.length !== 1 || references[0]!.uri !== `#${signedId}`) return null;
    // checkSignature answers false for a wrong digest and throws for a wrong signature value.
    if (!signed.checkSignature(xml)) return null;
    const contents = signed.getSignedReferences();
    return contents.length === 1 ? contents[0]! : null;
  } catch {
    return null;
  }
}

/** The PEM of the KeyInfo's certificate, when it is one Node can read. */
function certificateOf(signature: XmlElement): string | null {
  const [node] = Array.from(signature.getElementsByTagNameNS(dsigNamespace, 'X509Certificate'));
  const base64 = node?.textContent?.replace(/\s+/g, '');
  if (!base64) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}
