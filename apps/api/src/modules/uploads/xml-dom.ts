import { createRequire } from 'node:module';

/*
 * The DOM the signature is checked on (xmldom, the parser xml-crypto itself uses). Its typings declare
 * `/// <reference lib="dom" />`, which would pull the browser's globals (`window`, `document`, its `Blob`) into
 * the whole API program; so it is loaded untyped and the few members used here are described below.
 */
const require = createRequire(import.meta.url);
const { DOMParser } = require('@xmldom/xmldom') as { DOMParser: DomParserClass };

export type XmlNode = { nodeType: number };
export type XmlElement = XmlNode & {
  namespaceURI: string | null;
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
};
export type XmlDocument = {
  documentElement: XmlElement | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
};

type ErrorHandler = {
  warning(message: string): void;
  error(message: string): void;
  fatalError(message: string): void;
};
type DomParserClass = new (options: {
  errorHandler: ErrorHandler;
}) => {
  parseFromString(xml: string, mimeType: string): XmlDocument;
};

const ELEMENT_NODE = 1;

/** The exact text as a DOM; throws on XML that is not well-formed (xmldom only reports it otherwise). */
export function parseXmlDocument(xml: string): XmlDocument {
  const fail = (message: string) => {
    throw new Error(`malformed XML: ${message}`);
  };
  return new DOMParser({
    errorHandler: { warning: () => {}, error: fail, fatalError: fail },
  }).parseFromString(xml, 'text/xml');
}

/** The one child element of that name; undefined when there is none or more than one. */
export function onlyChild(parent: XmlElement, namespace: string, localName: string): XmlElement | undefined {
  const found = Array.from(parent.childNodes).filter(
    (node): node is XmlElement =>
      node.nodeType === ELEMENT_NODE &&
      (node as XmlElement).namespaceURI === namespace &&
      (node as XmlElement).localName === localName,
  );
  return found.length === 1 ? found[0] : undefined;
}
