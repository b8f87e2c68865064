import { sha256 } from '@noble/hashes/sha2.js';
import { certificateDigest, parseCertificate, type CertificateInfo } from './certificate.ts';
import { invoiceHash } from './hash.ts';
import { ecdsaSign, ecdsaVerify, publicKeyOf } from './keys.ts';
import { decodeQrTlv, qrTlv } from './qr.ts';
import { childElements, isDocumentReference, NS, parseXml, serializeXml, textAt } from './xml.ts';

export interface SignOptions {
  /** The unit's secp256k1 private key (PEM, or the bare base64 of ZATCA's SDK). */
  privateKey: string;
  /** The unit's certificate (CSID): PEM, base64, or the API's binarySecurityToken. */
  certificate: string;
  signingTime: Date;
}

export interface SignedInvoice {
  xml: string;
  /** Invoice hash, base64: the next document's PIH. */
  hash: string;
  /** ECDSA signature of the hash, base64 DER. */
  signature: string;
  /** QR code, base64 TLV of tags 1–9. */
  qr: string;
}

const SIGNED_PROPERTIES_ID = 'xadesSignedProperties';

/** `2026-11-05T10:20:30Z`. */
function xsdDateTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The bytes ZATCA digests for `xades:SignedProperties`: the element as it stands in the document
 * (its whitespace included), written on its own, so each namespace it uses is declared on the
 * first element that needs it, and empty elements are written `<x/>`. The digest value is then
 * SHA-256 as lowercase hex, base64-encoded.
 */
export function signedPropertiesDigest(signedProperties: Element): string {
  const write = (node: Node, scope: Map<string, string>): string => {
    if (node.nodeType === 3) return escapeText((node as Text).data);
    if (node.nodeType !== 1) return '';
    const el = node as Element;
    const inScope = new Map(scope);
    let out = `<${el.nodeName}`;
    const prefix = el.prefix ?? '';
    if (inScope.get(prefix) !== el.namespaceURI) {
      out += ` xmlns${prefix ? `:${prefix}` : ''}="${el.namespaceURI ?? ''}"`;
      inScope.set(prefix, el.namespaceURI ?? '');
    }
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
      out += ` ${a.name}="${escapeText(a.value).replace(/"/g, '&quot;')}"`;
    }
    if (!el.firstChild) return `${out}/>`;
    out += '>';
    for (let n: ChildNode | null = el.firstChild; n; n = n.nextSibling) out += write(n, inScope);
    return `${out}</${el.nodeName}>`;
  };
  const hex = Buffer.from(sha256(Buffer.from(write(signedProperties, new Map()), 'utf8'))).toString('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

/** The UBLExtensions block; its indentation is part of what the SignedProperties digest covers. */
function ublExtensions(v: {
  hash: string;
  signature: string;
  certificate: CertificateInfo;
  signingTime: string;
}): string {
  return `<ext:UBLExtensions>
        <ext:UBLExtension>
            <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
            <ext:ExtensionContent>
                <sig:UBLDocumentSignatures xmlns:sig="${NS.sig}" xmlns:sac="${NS.sac}" xmlns:sbc="${NS.sbc}">
                    <sac:SignatureInformation>
                        <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                        <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                        <ds:Signature xmlns:ds="${NS.ds}" Id="signature">
                            <ds:SignedInfo>
                                <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                                <ds:Reference Id="invoiceSignedData" URI="">
                                    <ds:Transforms>
                                        <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                            <ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath>
                                        </ds:Transform>
                                        <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                            <ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath>
                                        </ds:Transform>
                                        <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                            <ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath>
                                        </ds:Transform>
                                        <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                    </ds:Transforms>
                                    <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                    <ds:DigestValue>${v.hash}</ds:DigestValue>
                                </ds:Reference>
                                <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#${SIGNED_PROPERTIES_ID}">
                                    <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                    <ds:DigestValue></ds:DigestValue>
                                </ds:Reference>
                            </ds:SignedInfo>
                            <ds:SignatureValue>${v.signature}</ds:SignatureValue>
                            <ds:KeyInfo>
                                <ds:X509Data>
                                    <ds:X509Certificate>${v.certificate.base64}</ds:X509Certificate>
                                </ds:X509Data>
                            </ds:KeyInfo>
                            <ds:Object>
                                <xades:QualifyingProperties xmlns:xades="${NS.xades}" Target="signature">
                                    <xades:SignedProperties Id="${SIGNED_PROPERTIES_ID}">
                                        <xades:SignedSignatureProperties>
                                            <xades:SigningTime>${v.signingTime}</xades:SigningTime>
                                            <xades:SigningCertificate>
                                                <xades:Cert>
                                                    <xades:CertDigest>
                                                        <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                                        <ds:DigestValue>${certificateDigest(v.certificate)}</ds:DigestValue>
                                                    </xades:CertDigest>
                                                    <xades:IssuerSerial>
                                                        <ds:X509IssuerName>${escapeText(v.certificate.issuer)}</ds:X509IssuerName>
                                                        <ds:X509SerialNumber>${v.certificate.serialNumber}</ds:X509SerialNumber>
                                                    </xades:IssuerSerial>
                                                </xades:Cert>
                                            </xades:SigningCertificate>
                                        </xades:SignedSignatureProperties>
                                    </xades:SignedProperties>
                                </xades:QualifyingProperties>
                            </ds:Object>
                        </ds:Signature>
                    </sac:SignatureInformation>
                </sig:UBLDocumentSignatures>
            </ext:ExtensionContent>
        </ext:UBLExtension>
    </ext:UBLExtensions>`;
}

function qrAndSignature(qr: string): string {
  return `<cac:AdditionalDocumentReference>
        <cbc:ID>QR</cbc:ID>
        <cac:Attachment>
            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject>
        </cac:Attachment>
    </cac:AdditionalDocumentReference><cac:Signature>
        <cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>
        <cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>
    </cac:Signature>`;
}

/** Parses `fragment` in the UBL namespaces and brings its elements into `doc`. */
function fragmentNodes(doc: Document, fragment: string): Node[] {
  const wrapper = parseXml(
    `<w xmlns:ext="${NS.ext}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">${fragment}</w>`,
  ).documentElement;
  const out: Node[] = [];
  for (let n = wrapper.firstChild; n; n = n.nextSibling) out.push(doc.importNode(n, true));
  return out;
}

/** What the QR code of a document says, tags 1–5, read from the document itself. */
export function documentQrFields(root: Element) {
  const supplier = ['cac:AccountingSupplierParty', 'cac:Party'];
  const taxTotal = childElements(root).find((e) => e.namespaceURI === NS.cac && e.localName === 'TaxTotal');
  return {
    sellerName: textAt(root, ...supplier, 'cac:PartyLegalEntity', 'cbc:RegistrationName') ?? '',
    vatNumber: textAt(root, ...supplier, 'cac:PartyTaxScheme', 'cbc:CompanyID') ?? '',
    timestamp: `${textAt(root, 'cbc:IssueDate') ?? ''}T${textAt(root, 'cbc:IssueTime') ?? ''}`,
    total: textAt(root, 'cac:LegalMonetaryTotal', 'cbc:TaxInclusiveAmount') ?? '',
    vat: (taxTotal && textAt(taxTotal, 'cbc:TaxAmount')) ?? '',
  };
}

/**
 * Stamps an unsigned document (from `buildInvoice`): the invoice hash, its ECDSA signature with
 * the unit's key (ZATCA signs the hash, not the SignedInfo), the XAdES block with the signed
 * properties (signing time, certificate digest, issuer, serial number) and the QR code. The
 * blocks are inserted without whitespace of their own, so the hash of the signed document is the
 * hash of the unsigned one.
 */
export function signInvoice(xml: string, options: SignOptions): SignedInvoice {
  const certificate = parseCertificate(options.certificate);
  if (Buffer.compare(Buffer.from(publicKeyOf(options.privateKey)), Buffer.from(certificate.publicKey)) !== 0)
    throw new Error('the private key does not belong to the certificate');
  const doc = parseXml(xml);
  const root = doc.documentElement;
  const elements = childElements(root);
  if (
    elements.some(
      (e) => e.localName === 'UBLExtensions' || isDocumentReference(e, 'QR') || e.localName === 'Signature',
    )
  )
    throw new Error('the document is already signed');
  const pih = elements.find((e) => isDocumentReference(e, 'PIH'));
  if (!pih) throw new Error('the document has no PIH reference');

  const hash = invoiceHash(xml);
  const signature = Buffer.from(ecdsaSign(Buffer.from(hash, 'base64'), options.privateKey)).toString(
    'base64',
  );
  const qr = qrTlv({
    ...documentQrFields(root),
    hash,
    signature,
    publicKey: certificate.publicKeyInfo,
    certificateSignature: certificate.signature,
  });

  const [extensions] = fragmentNodes(
    doc,
    ublExtensions({ hash, signature, certificate, signingTime: xsdDateTime(options.signingTime) }),
  );
  root.insertBefore(extensions!, root.firstChild);
  for (const node of fragmentNodes(doc, qrAndSignature(qr)).reverse())
    root.insertBefore(node, pih.nextSibling);

  const signedProperties = doc.getElementsByTagNameNS(NS.xades, 'SignedProperties').item(0)!;
  const propertiesDigest = doc.getElementsByTagNameNS(NS.ds, 'DigestValue').item(1)!;
  propertiesDigest.appendChild(doc.createTextNode(signedPropertiesDigest(signedProperties)));

  const signed = serializeXml(doc);
  if (invoiceHash(signed) !== hash) throw new Error('signing changed the invoice hash');
  return { xml: signed, hash, signature, qr };
}

export interface Problem {
  code: string;
  message: string;
}

export interface CheckedDocument {
  hash: string;
  /** Hash written in the signature (`ds:DigestValue`). */
  statedHash: string | undefined;
  icv: number | undefined;
  pih: string | undefined;
  uuid: string | undefined;
  number: string | undefined;
  typeCode: string | undefined;
  certificate: CertificateInfo | undefined;
  problems: Problem[];
}

/**
 * Checks a signed document as ZATCA does: the hash against `ds:DigestValue` and QR tag 6, the
 * signature of the hash with the certificate's key, the signed properties' digest, the
 * certificate's digest, issuer and serial, and QR tags 1–9 against the document and certificate.
 * `expectedCertificate`, when given, must be the certificate in the document.
 */
export function checkSignedInvoice(xml: string, expectedCertificate?: string): CheckedDocument {
  const problems: Problem[] = [];
  const fail = (code: string, message: string) => problems.push({ code, message });
  let doc: Document;
  try {
    doc = parseXml(xml);
  } catch (error) {
    return {
      hash: '',
      statedHash: undefined,
      icv: undefined,
      pih: undefined,
      uuid: undefined,
      number: undefined,
      typeCode: undefined,
      certificate: undefined,
      problems: [{ code: 'XML_MALFORMED', message: (error as Error).message }],
    };
  }
  const root = doc.documentElement;
  const hash = invoiceHash(xml);
  const refs = childElements(root);
  const icvRef = refs.find((e) => isDocumentReference(e, 'ICV'));
  const icvText = icvRef && textAt(icvRef, 'cbc:UUID');
  const pihRef = refs.find((e) => isDocumentReference(e, 'PIH'));
  const qrRef = refs.find((e) => isDocumentReference(e, 'QR'));
  const ds = (name: string, i = 0) =>
    doc.getElementsByTagNameNS(NS.ds, name).item(i)?.textContent ?? undefined;
  const statedHash = ds('DigestValue', 0);
  let certificate: CertificateInfo | undefined;
  try {
    certificate = parseCertificate(ds('X509Certificate') ?? '');
  } catch {
    fail('CERTIFICATE_INVALID', 'the document carries no readable certificate');
  }
  if (statedHash !== hash) fail('HASH_MISMATCH', 'the invoice hash does not match the document');
  const signature = ds('SignatureValue') ?? '';
  if (certificate) {
    if (
      expectedCertificate !== undefined &&
      parseCertificate(expectedCertificate).base64 !== certificate.base64
    )
      fail('CERTIFICATE_MISMATCH', 'the document is signed with another certificate');
    if (!ecdsaVerify(Buffer.from(signature, 'base64'), Buffer.from(hash, 'base64'), certificate.publicKey))
      fail('SIGNATURE_INVALID', 'the signature does not verify with the certificate');
    const props = doc.getElementsByTagNameNS(NS.xades, 'SignedProperties').item(0);
    if (!props || ds('DigestValue', 1) !== signedPropertiesDigest(props))
      fail('SIGNED_PROPERTIES_INVALID', 'the signed properties digest does not match');
    if (ds('DigestValue', 2) !== certificateDigest(certificate))
      fail('CERTIFICATE_DIGEST_INVALID', 'the certificate digest does not match the certificate');
    if (ds('X509IssuerName') !== certificate.issuer || ds('X509SerialNumber') !== certificate.serialNumber)
      fail('CERTIFICATE_ISSUER_INVALID', 'the issuer or serial number does not match the certificate');
  }
  const qrText = qrRef && textAt(qrRef, 'cac:Attachment', 'cbc:EmbeddedDocumentBinaryObject');
  if (!qrText) fail('QR_MISSING', 'the document has no QR code');
  else {
    let tags: Map<number, Buffer> | undefined;
    try {
      tags = decodeQrTlv(qrText);
    } catch {
      fail('QR_INVALID', 'the QR code cannot be read');
    }
    if (tags) {
      const expected = documentQrFields(root);
      const text = (tag: number) => tags.get(tag)?.toString('utf8');
      const bytesEqual = (tag: number, value: Uint8Array | undefined) =>
        !!value && !!tags.get(tag) && Buffer.compare(tags.get(tag)!, Buffer.from(value)) === 0;
      const same =
        text(1) === expected.sellerName &&
        text(2) === expected.vatNumber &&
        // The time zone mark is optional in the document's IssueTime and in the QR code alike.
        text(3)?.replace(/Z$/, '') === expected.timestamp.replace(/Z$/, '') &&
        text(4) === expected.total &&
        text(5) === expected.vat &&
        text(6) === hash &&
        text(7) === signature &&
        bytesEqual(8, certificate?.publicKeyInfo) &&
        bytesEqual(9, certificate?.signature);
      if (!same) fail('QR_MISMATCH', 'the QR code does not match the document');
    }
  }
  return {
    hash,
    statedHash,
    icv: icvText && /^\d+$/.test(icvText.trim()) ? Number(icvText.trim()) : undefined,
    pih: pihRef && textAt(pihRef, 'cac:Attachment', 'cbc:EmbeddedDocumentBinaryObject')?.trim(),
    uuid: textAt(root, 'cbc:UUID')?.trim(),
    number: textAt(root, 'cbc:ID')?.trim(),
    typeCode: textAt(root, 'cbc:InvoiceTypeCode')?.trim(),
    certificate,
    problems,
  };
}
