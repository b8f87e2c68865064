// Sums a V8 CPU profile (`node --cpu-prof`) by where the time went: garbage collection, idle,
// Node's own code, each package, the shop's own code. Self time, in percent of the samples.
import path from 'node:path';

/** The bucket a profile node's self time belongs to. */
function bucket(node) {
  const { functionName, url } = node.callFrame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8/native (program)';
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite, the embedded database)';
  if (!url) return `native: ${functionName || '(anonymous)'}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    if (rest[0] === '.cache') return 'storefront build (web/build)';
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/apps/web/build/') || url.includes('/shop-web-builds/'))
    return 'storefront build (web/build)';
  if (url.includes('/apps/api/')) return `api: ${path.basename(path.dirname(url))}`;
  if (url.includes('/packages/contract/')) return 'contract';
  return url;
}

export function summarizeCpuProfile(profile, top = 20) {
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const totals = new Map();
  for (const node of profile.nodes) {
    const n = counts.get(node.id) ?? 0;
    if (n === 0) continue;
    const key = bucket(node);
    totals.set(key, (totals.get(key) ?? 0) + n);
  }
  const all = profile.samples.length || 1;
  const busy = all - (totals.get('idle') ?? 0);
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, n]) => ({
      where,
      '% of samples': ((100 * n) / all).toFixed(1),
      '% of busy': where === 'idle' ? '' : ((100 * n) / busy).toFixed(1),
    }));
}
