import type { Route } from './+types/robots-txt';

/** Everything is crawlable except the API, the account area and checkout. */
export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /user/',
    'Disallow: /en/user/',
    'Disallow: /cart',
    'Disallow: /en/cart',
    'Disallow: /payment',
    'Disallow: /en/payment',
    `Sitemap: ${context.publicOrigin}/sitemap.xml`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
