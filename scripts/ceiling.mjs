// The ceiling of the benchmarks: a plain node:http server (bench-ceiling.mjs) that answers every
// request with the status, headers and bytes of one of the shop's answers, so the shop's figures
// can be read against what this machine can send at all.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** One GET, its bytes as sent (still compressed). */
export function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** Starts the plain node:http server sending `response`'s headers and bytes. */
export async function startCeiling(response, dir) {
  const headers = {};
  for (const name of ['content-type', 'content-encoding', 'cache-control', 'vary', 'etag'])
    if (response.headers[name]) headers[name] = response.headers[name];
  const body = response.body;
  const file = path.join(dir, 'page.json');
  writeFileSync(file, JSON.stringify({ headers, body: body.toString('base64') }));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bench-ceiling.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = await once(child.stdout, 'data');
  return { url: `http://127.0.0.1:${String(chunk).trim()}/`, bytes: body.length, stop: () => child.kill() };
}
