#!/usr/bin/env node
// Compiles the API server (apps/api/src/server.ts, and the workspace contract it imports) into
// one JavaScript file, apps/api/dist/bin/server.js, which plain `node` runs: no TypeScript
// loader at run time. Packages from npm stay outside the bundle and load from node_modules as
// usual (several carry native or WebAssembly files). `node scripts/build-server.mjs` builds;
// `ensureServerBuild()` builds only when the output is missing or older than its sources.
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
/**
 * Two folders below apps/api, like the sources (apps/api/src/db/client.ts), so paths the code
 * resolves from its own file (the migrations in apps/api/drizzle) hold for both.
 */
export const serverBundle = path.join(api, 'dist/bin/server.js');

export async function buildServer() {
  const { build, stop } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
    (name) => !name.startsWith('@shop/'),
  );
  await build({
    entryPoints: [path.join(api, 'src/server.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Bare imports of npm packages (and their subpaths) stay imports.
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
    // Bundled CommonJS helpers may call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);",
    },
  });
  // esbuild's service process would otherwise stay beside the server.
  await stop();
  // The worker threads (the embedded database's with PGLITE_THREAD, the JSON uploads' parser)
  // are files of their own, found next to the code that starts them; they are plain JavaScript
  // that imports only Node's and npm's packages, and the JSON parser's own module beside it.
  for (const worker of ['src/db/pglite-worker.mjs', 'src/lib/json-worker.mjs', 'src/lib/json-parse.mjs'])
    copyFileSync(path.join(api, worker), path.join(path.dirname(serverBundle), path.basename(worker)));
}

/** Builds the server when the bundle is missing or older than the API or contract sources. */
export async function ensureServerBuild() {
  const sources = [
    path.join(api, 'src'),
    path.join(api, 'package.json'),
    path.join(root, 'packages/contract/src'),
  ];
  if (existsSync(serverBundle) && statSync(serverBundle).mtimeMs >= newestMtime(sources)) return;
  console.log('Building the server…');
  await buildServer();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
