#!/usr/bin/env node
// `npm run bench`: every benchmark that exists, one after the other.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benches = [
  ['API and pages', 'scripts/bench-api.mjs'],
  ['checkout', 'scripts/bench-checkout.mjs'],
  ['pages beside node:http', 'scripts/bench-web.mjs'],
  ['storefront (Lighthouse)', 'scripts/bench-lighthouse.mjs'],
];
let failed = false;
for (const [name, script] of benches) {
  if (!existsSync(script)) continue;
  console.log(`\n== ${name} (${script})`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
