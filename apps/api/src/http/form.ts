import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';

export interface FormData {
  fields: Record<string, unknown>;
  /** The bytes of the (first) file part named as asked, when one was sent and is not empty. */
  file?: Buffer;
  /** Each file part named as asked that was sent and is not empty, by its name. */
  files: Map<string, Buffer>;
}

/**
 * Reads a body that may be multipart (as the shop's original forms send it) or JSON (API clients).
 * Text parts become fields; only the named file parts are kept (the first of each name), any
 * other file is drained.
 */
export async function readForm(
  request: FastifyRequest,
  fileFields: string | string[] = [],
): Promise<FormData> {
  const wanted = typeof fileFields === 'string' ? [fileFields] : fileFields;
  const files = new Map<string, Buffer>();
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
    return { fields, files };
  }
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts({ limits: { files: Math.max(1, wanted.length) } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // Browsers send an empty file part when no file was chosen.
        if (wanted.includes(part.fieldname) && bytes.length > 0 && !files.has(part.fieldname))
          files.set(part.fieldname, bytes);
      } else {
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'IMAGE_TOO_LARGE');
    if (error instanceof AppError || (typeof statusCode === 'number' && statusCode < 500)) throw error;
    // The multipart parser's own errors (a truncated or malformed body) carry no status:
    // the body was broken on arrival, which is the client's doing, not a server failure.
    request.log.debug({ err: error }, 'unreadable multipart body');
    throw new AppError(400, 'VALIDATION_FAILED');
  }
  // fromEntries makes own properties, so a part named `__proto__` cannot reach the prototype.
  return { fields: Object.fromEntries(fields), file: files.get(wanted[0] ?? ''), files };
}

/**
 * Parses data with a route's zod schema and fails exactly as a route schema would, so the
 * error handler answers with the same `{code, message, fields}`.
 */
export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  return parseAs(schema, data, 'body');
}

/**
 * Checks a request part with its contract schema exactly as a route's schema checks it: the
 * page's loaders and actions use it for what they hand a view or a use case, so a page and the
 * API refuse the same input with the same `{code, message, fields}`.
 */
export function parseAs<S extends z.ZodType>(
  schema: S,
  data: unknown,
  part: 'body' | 'querystring' | 'params',
): z.output<S> {
  // The zod compiler is synchronous; its declared type also covers async compilers.
  const result = validatorCompiler({ schema, method: 'POST', url: '', httpPart: part })(data) as {
    error?: unknown[];
    value?: unknown;
  };
  if (result.error) {
    throw Object.assign(new Error(`${part} validation failed`), {
      statusCode: 400,
      validation: result.error,
      validationContext: part,
    });
  }
  return result.value as z.output<S>;
}

/**
 * For a plugin whose routes read their body with `readForm` (multipart): the body schema only
 * documents the fields in OpenAPI; params and querystring are still checked as usual.
 */
export function bodySchemaDocumentsOnly(instance: FastifyInstance): void {
  instance.setValidatorCompiler<z.ZodType>(({ schema, method, url, httpPart }) =>
    httpPart === 'body'
      ? (data: unknown) => ({ value: data })
      : validatorCompiler({ schema, method, url, httpPart }),
  );
}
