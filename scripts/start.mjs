#!/usr/bin/env node
// The first half of `npm start`: builds what is missing or older than its sources (the
// storefront, the server bundle), then exits. npm's script then replaces its shell with the one
// `node` process that serves (see package.json and the README):
//   NODE_ENV=production MALLOC_ARENA_MAX=2 node apps/api/dist/bin/server.js
import { ensureServerBuild } from './build-server.mjs';
import { ensureWebBuild } from './shop-server.mjs';

try {
  ensureWebBuild();
  await ensureServerBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
