import { describe, expect, it } from 'vitest';
import { deferHydration } from './defer-hydration.server.ts';

/** The shape React Router 7.18's <Scripts> sends (head preloads, then the module script). */
const page = (moduleScript: string) =>
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '</head><body><main>Shop</main><script nonce="n">window.__reactRouterContext = {};</script>' +
  `<script nonce="n" type="module" async="">${moduleScript}</script></body></html>`;

const routerScript = `;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/home-D.js";
  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client-A.js", "imports": []}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-A.js");`;

describe('deferHydration', () => {
  it('drops the module preloads and imports the same modules after the first paint', () => {
    const html = deferHydration(page(routerScript));
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<main>Shop</main>');
    const script = /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toMatch(/^\s*import\s/m);
    expect(script).toContain('requestAnimationFrame');
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script).toContain('import("/assets/entry.client-A.js");');
    // The rewritten script is valid JavaScript (the dynamic import needs a module, so it is only parsed).
    expect(() => new Function(script)).not.toThrow();
  });

  it('keeps a bare import (the manifest without lazy route discovery)', () => {
    const script = /type="module" async="">([\s\S]*?)<\/script>/.exec(
      deferHydration(page(`import "/assets/manifest-E.js";\n${routerScript}`)),
    )?.[1];
    expect(script).toContain(
      'const [_0, route0, route1] = await Promise.all([import("/assets/manifest-E.js"),',
    );
  });

  it('leaves a page without React Router scripts, or with scripts of another shape, as it is', () => {
    const staticPage = '<html><head></head><body><main>Shop</main></body></html>';
    expect(deferHydration(staticPage)).toBe(staticPage);
    const unknown = page('import { x } from "/assets/x.js"; window.__reactRouterRouteModules = {};');
    expect(deferHydration(unknown)).toBe(unknown);
  });
});
