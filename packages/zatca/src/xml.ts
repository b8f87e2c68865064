import { DOMParser, XMLSerializer } from '@xmldom/xmldom';

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

/** Text and attribute values written into the document. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Parses a document, refusing anything that is not well-formed XML. */
export function parseXml(xml: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: (message: string) => errors.push(message),
      fatalError: (message: string) => errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc.documentElement)
    throw new Error(`not well-formed XML: ${errors[0] ?? 'empty'}`);
  return doc as unknown as Document;
}

export function serializeXml(doc: Document): string {
  const body = new XMLSerializer().serializeToString(doc.documentElement as never);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}

export function childElements(parent: Node): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

export function child(parent: Node, ns: string, localName: string): Element | undefined {
  return childElements(parent).find((e) => e.namespaceURI === ns && e.localName === localName);
}

/** The text of the element at a path of `prefix:name` steps below `from` (UBL namespaces). */
export function textAt(from: Node, ...path: string[]): string | undefined {
  let node: Node | undefined = from;
  for (const step of path) {
    const [prefix, name] = step.split(':') as [keyof typeof NS, string];
    node = node && child(node, NS[prefix], name);
  }
  return node?.textContent ?? undefined;
}

/** Is this a `cac:AdditionalDocumentReference` whose `cbc:ID` is `id`? */
export function isDocumentReference(el: Element, id: string): boolean {
  return (
    el.namespaceURI === NS.cac &&
    el.localName === 'AdditionalDocumentReference' &&
    child(el, NS.cbc, 'ID')?.textContent?.trim() === id
  );
}
