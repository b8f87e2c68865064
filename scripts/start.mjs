#!/usr/bin/env node
// `npm start`: builds the storefront when its build is missing or older than its sources,
// then runs the one server process (API + storefront) on PORT (default 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, root } from './shop-server.mjs';

try {
  ensureWebBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', PAYMENT_SANDBOX: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
