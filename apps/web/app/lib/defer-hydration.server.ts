/**
 * Loads a page's scripts after its first paint (docs/decisions/053-hydration-after-first-paint.md).
 *
 * React Router's `<Scripts>` sends `<link rel="modulepreload">` for every module of the page and
 * an inline module script whose static imports fetch them at once: the browser (and Lighthouse)
 * treats that JavaScript as part of the first paint. This rewrites the page so the same modules
 * are imported once the page has painted, then React Router starts as before. A page whose
 * scripts do not have the expected shape is left as it is.
 */

const MODULE_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^[ \t]*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"\n]+");?[ \t]*$/gm;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
/** What React Router's module script sets: a page without it has nothing to defer. */
const ROUTER_MODULES = 'window.__reactRouterRouteModules';

/** After the next frame is painted (a background tab waits until it is shown). */
const AFTER_FIRST_PAINT = 'new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))';

/** Whether the page as React wrote it (bytes) has React Router's scripts, and so may be rewritten. */
export function hasRouterScripts(page: Buffer): boolean {
  return page.includes(ROUTER_MODULES);
}

export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script || !script[2]?.includes(ROUTER_MODULES)) return html;
  const [whole, attributes = '', code = ''] = script;
  const names: string[] = [];
  const urls: string[] = [];
  const rest = code.replace(STATIC_IMPORT, (_line, name: string | undefined, url: string) => {
    names.push(name ?? `_${urls.length}`);
    urls.push(url);
    return '';
  });
  if (urls.length === 0 || /^\s*import\s/m.test(rest)) return html;
  const deferred =
    `<script${attributes} type="module" async="">` +
    `(async () => {await ${AFTER_FIRST_PAINT};` +
    `const [${names.join(', ')}] = await Promise.all([${urls.map((url) => `import(${url})`).join(', ')}]);` +
    `${rest}})();</script>`;
  const start = html.indexOf(whole);
  return (html.slice(0, start) + deferred + html.slice(start + whole.length)).replace(MODULE_PRELOAD, '');
}
