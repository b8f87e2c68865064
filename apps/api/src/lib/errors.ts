import { errorMessage, errorMessages, type ErrorCode, type Lang, type ApiError } from '@shop/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * An error the API answers on purpose: a stable code, an HTTP status, maybe failing fields, and
 * the figures its message names (`{count}` in "3 products use it").
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly fields?: { path: string; code: ErrorCode }[],
    readonly headers?: Record<string, string>,
    readonly values?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** A message with the figures it names filled in. */
function filled(message: string, values: Record<string, string | number> | undefined): string {
  if (!values) return message;
  return message.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export const badRequest = (code: ErrorCode, field?: string) =>
  new AppError(400, code, field ? [{ path: field, code }] : undefined);
export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(404, code);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const conflict = (code: ErrorCode, field?: string) =>
  new AppError(409, code, field ? [{ path: field, code }] : undefined);

const localeErrors = { ar: z.locales.ar().localeError, en: z.locales.en().localeError };

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}

/**
 * A field message in the request's language. Schemas may use an ErrorCode as their custom
 * message (`z.string().min(1, 'NAME_REQUIRED')`); otherwise zod's own locale speaks.
 */
function fieldMessage(issue: { keyword: string; message?: string; params: object }, lang: Lang) {
  if (isErrorCode(issue.message)) return { code: issue.message, message: errorMessage(issue.message, lang) };
  const rebuilt = { ...issue.params, code: issue.keyword, input: undefined } as Parameters<
    (typeof localeErrors)['en']
  >[0];
  const localized = localeErrors[lang](rebuilt);
  const text = typeof localized === 'string' ? localized : localized?.message;
  return { code: issue.keyword, message: text ?? issue.message ?? issue.keyword };
}

/** PostgreSQL's error code (SQLSTATE) of a failed statement, possibly wrapped by the query builder. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's query_canceled (57014), possibly wrapped by the query builder. */
export function queryCancelled(error: unknown): boolean {
  return pgErrorCode(error) === '57014';
}

/** SQLSTATEs of a database that is gone or going: connection failures (08…), shutting down, starting. */
const UNREACHABLE_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
/** Node's and node-postgres's words for a connection that failed or was cut. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGE =
  /^Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|^Query read timeout/;

/**
 * Whether a failure is the database being unreachable (restarting, failed over, the network
 * cut) rather than a fault of the request: the client may try again in a few seconds.
 */
export function databaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_STATES.has(code) || UNREACHABLE_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function toApiError(
  error: unknown,
  lang: Lang,
): { status: number; body: ApiError; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      headers: error.headers,
      body: {
        code: error.code,
        message: filled(errorMessage(error.code, lang), error.values),
        ...(error.fields && {
          fields: error.fields.map((f) => ({
            path: f.path,
            code: f.code,
            message: filled(errorMessage(f.code, lang), error.values),
          })),
        }),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext;
    const fields = error.validation.map((issue) => {
      const path = [context, ...issue.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
      return { path, ...fieldMessage(issue, lang) };
    });
    // One failing field with its own code (e.g. NAME_REQUIRED) speaks for the whole answer.
    const first = fields[0];
    const code: ErrorCode = first && isErrorCode(first.code) ? first.code : 'VALIDATION_FAILED';
    return { status: 400, body: { code, message: errorMessage(code, lang), fields } };
  }
  // A statement cancelled by the database's statement_timeout: the shop is too busy to answer
  // in time; the client may try again.
  if (queryCancelled(error))
    return {
      status: 503,
      headers: { 'retry-after': '1' },
      body: { code: 'SERVER_BUSY', message: errorMessage('SERVER_BUSY', lang) },
    };
  // Text PostgreSQL cannot store (a NUL character) that a field's own check let through: the
  // same refusal as the contract's text fields give, not a fault of the shop.
  if (['22021', '22P05'].includes(pgErrorCode(error) ?? ''))
    return {
      status: 400,
      body: { code: 'TEXT_CONTROL_CHARACTERS', message: errorMessage('TEXT_CONTROL_CHARACTERS', lang) },
    };
  // The database is restarting or out of reach: the client may try again in a few seconds.
  if (databaseUnreachable(error))
    return {
      status: 503,
      headers: { 'retry-after': '5' },
      body: { code: 'SERVICE_UNAVAILABLE', message: errorMessage('SERVICE_UNAVAILABLE', lang) },
    };
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  const byStatus: Record<number, ErrorCode> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    406: 'VALIDATION_FAILED',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    503: 'SERVICE_UNAVAILABLE',
  };
  if (status >= 500)
    return { status: 500, body: { code: 'INTERNAL', message: errorMessage('INTERNAL', lang) } };
  const code = byStatus[status] ?? 'VALIDATION_FAILED';
  return { status, body: { code, message: errorMessage(code, lang) } };
}

/** A read given up because its client closed the connection: nobody is there to answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client went away');
  }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof ClientGoneError) {
    // Not a failure of the shop: logged as what it is (499 as nginx names it), answered to no one.
    request.log.info('the client went away before its answer');
    return reply.status(499).send();
  }
  const { status, body, headers } = toApiError(error, request.lang);
  // A database out of reach is an outage to watch, not a fault of the code: a warning each.
  if (status === 503 && body.code === 'SERVICE_UNAVAILABLE')
    request.log.warn({ err: error }, 'database unreachable');
  // A busy refusal is an admission gate doing its work under load: the gate logs its refusals
  // once per interval (logRefusals), where a line per refusal would be thousands a second.
  else if (status >= 500 && body.code !== 'SERVER_BUSY') request.log.error({ err: error }, 'request failed');
  if (headers) void reply.headers(headers);
  return reply.status(status).send(body);
}
