import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultLang, errorMessage } from '@shop/contract';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * What the shop's pages may use of the browser's powerful features. Geolocation stays for the
 * shop's own pages (the address picker's "use my location"); the payment handler only for the
 * shop itself; everything else is off, for the shop and for any frame it might contain.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'payment=(self)',
  'camera=()',
  'microphone=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
  'publickey-credentials-get=()',
].join(', ');

function helmetOptions(config: Pick<Config, 'publicUrl'>): Parameters<typeof helmet>[0] {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  return {
    // The storefront sets its own CSP with a per-request nonce (see modules/web).
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        formAction: ["'self'"],
        // Only behind HTTPS: on plain http://localhost it would break every asset.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: with it browsers send `Origin: null` on the shop's own form
    // posts, which the CSRF checks (ours and React Router's) must refuse. Other sites still
    // get no referrer at all.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https,
  };
}

/**
 * The security headers of every response, worked out once: helmet's (CSP, framing, sniffing,
 * referrer, HSTS behind HTTPS…) and the Permissions-Policy. One fixed set, so the answers that
 * skip the request hooks (a path the router cannot read, a request Node cannot parse) carry
 * exactly the same headers as the rest.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * The raw HTTP answer to a request Node could not parse (no Fastify request exists yet): 400,
 * or 431 for oversized headers, in the API's error shape in the default language.
 */
export function clientErrorAnswer(error: Error & { code?: string }, headers: Record<string, string>): string {
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    code: tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
    message: errorMessage(tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', defaultLang),
  });
  const lines = [
    `HTTP/1.1 ${status}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
