import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../http/app-error';

/**
 * What a real electronic invoice is, so the work of checking one is bounded before it starts
 * (docs/product/requests.md#invoice-bounds). The tax authority refuses an NF-e submission over 500 KB; the
 * authorised file adds its protocol, and some systems indent it: 1 MiB leaves room for both. An NF-e holds
 * at most 990 items of 40–60 elements each; 50,000 elements is that ceiling. Its deepest path (nfeProc, NFe,
 * infNFe, det, imposto, ICMS, ICMS00, orig; or the signature's KeyInfo, X509Data, X509Certificate) is 8
 * levels, the national NFS-e's about 10: 32 is far beyond any of them.
 *
 * The signature check (xml-crypto) walks the whole document with XPath, and the DOM parser (xmldom) slows
 * with depth: both costs grow with what these bound.
 */
export const invoiceXmlBounds = { maxBytes: 1024 * 1024, maxElements: 50_000, maxDepth: 32 } as const;

type Bound = 'size' | 'elements' | 'depth';

const outOfBounds = (field: Bound) =>
  new AppError('error.invoice.tooLarge', { fieldErrors: [{ field, message: 'validation.invalid' }] });

class ElementLimit extends Error {}

/**
 * Counting the elements: fast-xml-parser's one pass over the text, which stops past `maxNestedTags` itself and
 * calls `updateTag` at every element; answering false keeps the element out of the tree, so nothing is built.
 */
function countingParser() {
  let elements = 0;
  const parser = new XMLParser({
    ignoreAttributes: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    jPath: false,
    // The tags open around an element: the root alone is 0, so 31 let a document be 32 levels deep.
    maxNestedTags: invoiceXmlBounds.maxDepth - 1,
    updateTag: () => {
      elements += 1;
      if (elements > invoiceXmlBounds.maxElements) throw new ElementLimit();
      return false;
    },
  });
  return parser;
}

/**
 * The text of an uploaded XML once it is known to be no larger, with no more elements and no deeper than an
 * electronic invoice: refused before any DOM is built or anything canonicalised. Text the scan cannot read as
 * XML is not an invoice either.
 */
export function boundedInvoiceText(bytes: Buffer): string {
  if (bytes.length > invoiceXmlBounds.maxBytes) throw outOfBounds('size');
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  try {
    countingParser().parse(xml);
  } catch (error) {
    if (error instanceof ElementLimit) throw outOfBounds('elements');
    if (error instanceof Error && error.message === 'Maximum nested tags exceeded')
      throw outOfBounds('depth');
    throw new AppError('error.upload.unsupportedType');
  }
  return xml;
}
