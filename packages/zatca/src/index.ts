export * from './types.ts';
export {
  computeAmounts,
  netOf,
  sar,
  vatOn,
  VAT_PERCENT,
  type DocumentAmounts,
  type LineAmounts,
} from './amounts.ts';
export { buildInvoice, INITIAL_PIH, issueDateTime } from './invoice.ts';
export { canonicalForHash, invoiceHash } from './hash.ts';
export { decodeQrTlv, qrTlv, QR_MAX_CHARS, type QrFields } from './qr.ts';
export { generateSigningKey, publicKeyOf, type SigningKey } from './keys.ts';
export {
  binarySecurityToken,
  certificateDigest,
  certificatePem,
  isSignedBy,
  parseCertificate,
  type CertificateInfo,
} from './certificate.ts';
export { buildCsr, CERTIFICATE_TEMPLATES, parseCsr, type CsrInput, type FatooraEnvironment } from './csr.ts';
export {
  checkSignedInvoice,
  signedPropertiesDigest,
  signInvoice,
  type CheckedDocument,
  type Problem,
  type SignedInvoice,
  type SignOptions,
} from './sign.ts';
export { verifyChain, type ChainProblem } from './chain.ts';
export {
  FATOORA_BASE_URLS,
  FatooraClient,
  FatooraError,
  type Credentials,
  type Csid,
  type FatooraMessage,
  type ReportOutcome,
  type SubmittedDocument,
  type ValidationResults,
} from './fatoora-client.ts';
export {
  REJECTION_SUFFIX,
  SIMULATOR_OTP,
  startFatooraSimulator,
  WARNING_SUFFIX,
  type FatooraSimulator,
} from './simulator.ts';
