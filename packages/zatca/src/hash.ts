import { sha256 } from '@noble/hashes/sha2.js';
import xmlCrypto from 'xml-crypto';
import { childElements, isDocumentReference, NS, parseXml } from './xml.ts';

const { C14nCanonicalization } = xmlCrypto;

/**
 * The document as ZATCA hashes it: without `ext:UBLExtensions`, `cac:Signature` and the QR
 * reference, the whitespace around them left as it is, then canonicalized (C14N 1.1 is C14N 1.0
 * for a whole document without `xml:` attributes, which UBL invoices do not use).
 */
export function canonicalForHash(xml: string): string {
  const doc = parseXml(xml);
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.invoice || root.localName !== 'Invoice') throw new Error('not a UBL Invoice');
  for (const el of childElements(root)) {
    const excluded =
      (el.namespaceURI === NS.ext && el.localName === 'UBLExtensions') ||
      (el.namespaceURI === NS.cac && el.localName === 'Signature') ||
      isDocumentReference(el, 'QR');
    if (excluded) root.removeChild(el);
  }
  return new C14nCanonicalization().process(root as never, {});
}

/** SHA-256 of the canonical form, base64: the invoice hash (the next document's PIH). */
export function invoiceHash(xml: string): string {
  return Buffer.from(sha256(Buffer.from(canonicalForHash(xml), 'utf8'))).toString('base64');
}
