import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Listening on every interface: the URL names the machine itself. */
const ANY_INTERFACE = new Set(['0.0.0.0', '::', '']);

/**
 * The origin every absolute URL the shop writes starts with: robots.txt and the sitemap,
 * canonical and Open Graph links, links in e-mails, the payment provider's callback. It is
 * PUBLIC_URL, or without it the address the server listens on (`http://localhost:PORT` when
 * that is every interface). Never the request's Host or X-Forwarded-Host: whoever sends a
 * request would choose where the sitemap (cached for an hour), the next shopper's links or
 * a reset token point.
 */
export function shopOrigin(app: Pick<FastifyInstance, 'config' | 'server'>): string {
  return app.config.publicUrl ?? listeningOrigin(app.config, app.server.address());
}

/** `http://HOST:PORT` of the listener; the port actually bound wins over a configured `0`. */
export function listeningOrigin(
  config: Pick<Config, 'host' | 'port'>,
  address?: ReturnType<FastifyInstance['server']['address']>,
): string {
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = ANY_INTERFACE.has(config.host)
    ? 'localhost'
    : isIP(config.host) === 6
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

/** Said once at start-up in production: links built from the listening address reach nobody outside. */
export function warnWithoutPublicUrl(app: Pick<FastifyInstance, 'config' | 'log'>): void {
  if (app.config.env !== 'production' || app.config.publicUrl) return;
  app.log.warn(
    { origin: listeningOrigin(app.config) },
    'PUBLIC_URL is not set: the sitemap, canonical links, e-mail links and the payment callback use the listening address',
  );
}
