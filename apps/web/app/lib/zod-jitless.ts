import { z } from 'zod';

/**
 * Zod probes `new Function` (its fast object parser) when a schema is built; the page CSP
 * forbids eval, so browsers report a violation. vite.config.ts bundles this module into zod's
 * own chunk, so it runs before any schema of the contract is built.
 */
z.config({ jitless: true });
