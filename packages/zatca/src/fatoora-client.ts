/** The Fatoora API's base addresses (the client takes any base, the simulator's included). */
export const FATOORA_BASE_URLS = {
  'developer-portal': 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  production: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
} as const;

export interface FatooraMessage {
  type?: string;
  code: string;
  category?: string;
  message: string;
  status?: string;
}

export interface ValidationResults {
  infoMessages: FatooraMessage[];
  warningMessages: FatooraMessage[];
  errorMessages: FatooraMessage[];
  status: string;
}

/** A CSID: the certificate as the API gives it, its secret, and the request it answers. */
export interface Csid {
  requestId: string;
  binarySecurityToken: string;
  secret: string;
  dispositionMessage: string;
}

/** Credentials of an issued CSID, for the calls that need them. */
export interface Credentials {
  binarySecurityToken: string;
  secret: string;
}

export type ReportOutcome =
  | { status: 'reported'; validation: ValidationResults }
  | { status: 'reported-with-warnings'; validation: ValidationResults }
  | { status: 'rejected'; validation: ValidationResults };

/** A call that did not get an answer to act on. `retryable`: network, 5xx, 429 (send again later). */
export class FatooraError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly httpStatus?: number,
    readonly messages: FatooraMessage[] = [],
  ) {
    super(message);
    this.name = 'FatooraError';
  }
}

export interface SubmittedDocument {
  /** Signed XML. */
  xml: string;
  hash: string;
  uuid: string;
}

function basic(credentials: Credentials): string {
  return `Basic ${Buffer.from(`${credentials.binarySecurityToken}:${credentials.secret}`, 'utf8').toString('base64')}`;
}

function emptyValidation(): ValidationResults {
  return { infoMessages: [], warningMessages: [], errorMessages: [], status: 'ERROR' };
}

function validationOf(body: unknown): ValidationResults {
  const v = (body as { validationResults?: Partial<ValidationResults> } | undefined)?.validationResults;
  const list = (x: unknown) => (Array.isArray(x) ? (x as FatooraMessage[]) : []);
  return {
    infoMessages: list(v?.infoMessages),
    warningMessages: list(v?.warningMessages),
    errorMessages: list(v?.errorMessages),
    status: typeof v?.status === 'string' ? v.status : 'ERROR',
  };
}

function messagesOf(body: unknown): FatooraMessage[] {
  const b = body as { errors?: unknown; validationResults?: unknown } | undefined;
  if (Array.isArray(b?.errors)) return b.errors as FatooraMessage[];
  return validationOf(body).errorMessages;
}

/**
 * The one adapter to ZATCA's Fatoora API (plain `fetch`). `baseUrl` is one of
 * `FATOORA_BASE_URLS` or the local simulator's address.
 */
export class FatooraClient {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: { baseUrl: string; fetch?: typeof fetch; language?: 'ar' | 'en' }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.language = options.language ?? 'en';
  }

  private readonly language: 'ar' | 'en';

  private async call(path: string, headers: Record<string, string>, body: unknown) {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Accept-Language': this.language,
          'Accept-Version': 'V2',
          'Content-Type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new FatooraError(`Fatoora API unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.status >= 500 || response.status === 429)
      throw new FatooraError(
        `Fatoora API answered ${response.status}`,
        true,
        response.status,
        messagesOf(json),
      );
    return { status: response.status, json };
  }

  private csidOf(status: number, json: unknown): Csid {
    const b = json as Partial<{
      requestID: unknown;
      binarySecurityToken: string;
      secret: string;
      dispositionMessage: string;
    }>;
    if (status !== 200 || !b?.binarySecurityToken || !b.secret)
      throw new FatooraError(`CSID refused (${status})`, false, status, messagesOf(json));
    return {
      requestId: String(b.requestID),
      binarySecurityToken: b.binarySecurityToken,
      secret: b.secret,
      dispositionMessage: b.dispositionMessage ?? '',
    };
  }

  /** `POST /compliance`: a compliance CSID for a CSR (PEM), with the OTP from the Fatoora portal. */
  async complianceCsid(csrPem: string, otp: string): Promise<Csid> {
    const { status, json } = await this.call(
      '/compliance',
      { OTP: otp },
      { csr: Buffer.from(csrPem, 'utf8').toString('base64') },
    );
    return this.csidOf(status, json);
  }

  /** `POST /compliance/invoices`: ZATCA checks a sample document signed with the compliance CSID. */
  async complianceCheck(credentials: Credentials, doc: SubmittedDocument): Promise<ReportOutcome> {
    const { status, json } = await this.call(
      '/compliance/invoices',
      { Authorization: basic(credentials) },
      { invoiceHash: doc.hash, uuid: doc.uuid, invoice: Buffer.from(doc.xml, 'utf8').toString('base64') },
    );
    return this.outcome(status, json);
  }

  /** `POST /production/csids`: the production CSID, once the compliance checks passed. */
  async productionCsid(compliance: Credentials & { requestId: string }): Promise<Csid> {
    const { status, json } = await this.call(
      '/production/csids',
      { Authorization: basic(compliance) },
      { compliance_request_id: compliance.requestId },
    );
    return this.csidOf(status, json);
  }

  /** `POST /invoices/reporting/single`: reports a simplified document (within 24 hours of issue). */
  async report(credentials: Credentials, doc: SubmittedDocument): Promise<ReportOutcome> {
    const { status, json } = await this.call(
      '/invoices/reporting/single',
      { Authorization: basic(credentials), 'Clearance-Status': '0' },
      { invoiceHash: doc.hash, uuid: doc.uuid, invoice: Buffer.from(doc.xml, 'utf8').toString('base64') },
    );
    return this.outcome(status, json);
  }

  private outcome(status: number, json: unknown): ReportOutcome {
    const validation = json ? validationOf(json) : emptyValidation();
    // The compliance checks answer 200 with status WARNING; reporting answers 202.
    if (status === 200 && validation.status === 'WARNING')
      return { status: 'reported-with-warnings', validation };
    if (status === 200) return { status: 'reported', validation };
    if (status === 202) return { status: 'reported-with-warnings', validation };
    if (status === 400) return { status: 'rejected', validation };
    throw new FatooraError(`Fatoora API answered ${status}`, false, status, messagesOf(json));
  }
}
