import { z } from 'zod';

/**
 * The contract's one zod. In a browser, zod's fast parser probes `new Function`, which the
 * storefront's CSP forbids (the browser would report a violation), so parsing there is
 * jitless. Every schema file imports `z` from here, so this runs before any schema is built,
 * whichever chunk loads the contract first. Servers keep the fast parser.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
