import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * What a log line may carry of a value someone sent: at most this many characters of it.
 * Enough to recognise a request when reading the logs; never a whole address, note, search
 * text or the parameters of a failed query.
 */
export const LOG_EXCERPT_MAX = 64;

/** The first characters of `value` (whole code points), with `…` when something was cut. */
export function excerpt(value: unknown, max = LOG_EXCERPT_MAX): string {
  const chars = Array.from(String(value));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  /** The SQL text of a failed query: placeholders only, its parameters are never logged. */
  query?: string;
  params?: number;
  stack: string;
  cause?: LoggedError;
}

/**
 * An error as a log line carries it. The message is cut to an excerpt: database errors repeat
 * the value they choked on (`invalid input syntax … "<value>"`) and a failed query's message
 * lists all its parameters. The stack keeps its frames and loses the message it starts with.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: excerpt(error), stack: '' };
  const e = error as Error & Record<string, unknown>;
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  return {
    type: e.name,
    message: excerpt(e.message),
    ...(typeof e.code === 'string' && { code: excerpt(e.code) }),
    ...(typeof e.statusCode === 'number' && { statusCode: e.statusCode }),
    ...(typeof e.constraint === 'string' && { constraint: excerpt(e.constraint) }),
    ...(typeof e.query === 'string' && { query: e.query }),
    ...(Array.isArray(e.params) && { params: e.params.length }),
    stack: frames,
    ...(e.cause !== undefined && depth < 3 && { cause: serializeError(e.cause, depth + 1) }),
  };
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** A request as a log line carries it: the URL and Host are the sender's text, so excerpts. */
export function serializeRequest(request: RequestLike) {
  return {
    method: excerpt(request.method, 16),
    url: excerpt(request.url),
    host: request.host === undefined ? undefined : excerpt(request.host),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's pino options: secrets redacted, values people send cut to excerpts. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    serializers: { req: serializeRequest, err: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.UserPassword',
        '*.userPassword',
        '*.oldPassword',
        '*.currentPassword',
      ],
      censor: '[redacted]',
    },
  };
}
