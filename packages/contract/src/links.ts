/**
 * The one check of every link the shop shows from its settings or content (social accounts,
 * WhatsApp, home slides): the owner's settings form, the API, both catalog imports (back office
 * and command line) and the pages that render them all ask these functions, so a link that one
 * of them refuses cannot come in through another or be shown from an older row.
 *
 * An address outside the shop is `https:` only: `http:` would let anyone on the shopper's
 * network change the page it leads to, and `javascript:`, `data:` and `vbscript:` run code in
 * the shop's own tab. A link inside the shop is a path starting with one `/`.
 */

/** Spaces and control characters: a browser drops some of them and reads the rest differently. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTER = /[\s\u0000-\u001f\u007f\\]/;

/** An https address with a host: `https://host` or `https://host/…`. */
export function isExternalLink(value: string): boolean {
  if (UNSAFE_CHARACTER.test(value) || !/^https:\/\/[^/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A path of the shop (`/products/…`, `/en/…`); never `//host`, which leaves the shop. */
export function isShopPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !UNSAFE_CHARACTER.test(value);
}

/** A WhatsApp number in international form (`+966501234567`). */
export function isPhoneNumber(value: string): boolean {
  return /^\+?[0-9]{8,15}$/.test(value);
}

/** Where a home slide may lead: a path of the shop or an https address. */
export function isSlideLink(value: string): boolean {
  return isShopPath(value) || isExternalLink(value);
}

/** What the owner may save as the shop's WhatsApp: a number, or a chat link (`https://wa.me/…`). */
export function isWhatsappValue(value: string): boolean {
  return isPhoneNumber(value) || isExternalLink(value);
}

/**
 * The `href` a page may render for a social account, or undefined to render none. A WhatsApp
 * number becomes its chat link; anything that is not an https address is left out.
 */
export function socialHref(network: string, value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const link = value.trim();
  if (network === 'whatsapp' && isPhoneNumber(link)) return `https://wa.me/${link.replace(/^\+/, '')}`;
  return isExternalLink(link) ? link : undefined;
}

/** The `href` a page may render for a slide, or undefined to render none. */
export function slideHref(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const link = value.trim();
  return isSlideLink(link) ? link : undefined;
}
