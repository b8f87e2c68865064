import { errorMessage, type Lang } from '@shop/contract';
import type { FastifyReply } from 'fastify';

/**
 * What a page request gets when the shop has more pages to render than it can render in time
 * (the render gate in plugin.ts is full): a small page in the visitor's language, 503 with
 * `Retry-After`, that reloads itself after that wait. It is written without React and without
 * scripts, so answering it costs nothing next to the renders it stands in for.
 */
export function sendBusyPage(reply: FastifyReply, lang: Lang, retryAfterSeconds: number) {
  const message = errorMessage('SERVER_BUSY', lang);
  const html =
    `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta http-equiv="refresh" content="${retryAfterSeconds}">` +
    `<title>${message}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem">` +
    `<h1 style="font-size:1.25rem">${message}</h1></body></html>`;
  return reply
    .status(503)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(html);
}
