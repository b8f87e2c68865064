import autocannon from 'autocannon';
import { startShopServer } from './shop-server.mjs';
import { random, scaleBrands } from './scale-catalog.mjs';
const server = await startShopServer({ env: { LOG_LEVEL: 'warn', DATA_DIR: '/tmp/pgl-imp', SEED_DEMO: 'false', ...(process.env.EXTRA ? JSON.parse(process.env.EXTRA) : {}) } });
const next = random(91);
const words = ['pro', 'max', 'ultra', 'plus', 'lite', '128', '256', 'black', 'blue', 'اسود', 'برو'];
const queries = [];
for (const b of scaleBrands) for (const [ar, en] of b.families) for (const f of [ar, en]) for (const w of words) queries.push(`${f} ${w}`);
for (let i = queries.length - 1; i > 0; i--) { const j = Math.floor(next() * (i + 1)); [queries[i], queries[j]] = [queries[j], queries[i]]; }
let n = 0;
let worst = 0, fails = 0, running = true;
const health = (async () => { while (running) { const s = Date.now(); try { const r = await fetch(server.url + '/api/health', { signal: AbortSignal.timeout(5000) }); if (!r.ok) fails++; } catch { fails++; } worst = Math.max(worst, Date.now() - s); await new Promise((r) => setTimeout(r, 250)); } })();
const r = await autocannon({ url: server.url + '/api/Product/Select/Product/By/Name/8/1', method: 'POST', headers: { 'content-type': 'application/json' }, requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ productName: queries[n++ % queries.length] }) }) }], connections: 50, duration: 10, timeout: 10 });
running = false; await health;
console.log('2xx/s', Math.round(r['2xx'] / 10), 'non2xx', r.non2xx, 'timeouts', r.timeouts, 'p50', r.latency.p50, 'p99', r.latency.p99, 'health worst', worst, 'fails', fails);
await server.stop();
