// nginx in front of local shop processes, with the site configuration the shop ships
// (deploy/nginx.conf): `npm run cluster`, `npm run bench:cluster` and the deployment test run
// that very file, with this machine's ports, paths and a self-signed certificate in place of
// the example ones, so what is tested is what an operator installs.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch as undiciFetch } from 'undici';
import { freePort, root } from './shop-server.mjs';

/** nginx from the Debian package, installed when absent (as root, with apt-get). */
export function ensureNginx() {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim().split('\n')[0];
  if (process.getuid?.() !== 0)
    throw new Error('nginx is missing: apt-get install nginx (as root), then run again.');
  console.log('Installing nginx (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const command of [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx']],
  ]) {
    const result = spawnSync(command[0], command[1], { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`${command[0]} ${command[1].join(' ')} failed`);
  }
  return '/usr/sbin/nginx';
}

/**
 * deploy/nginx.conf with this machine's values: the shop processes' ports (a port in `down`
 * marked down, as the rolling restart does), nginx's ports, the data directory and the
 * certificate. `forwardClientAddresses`: keep the X-Forwarded-For a load generator sends
 * (its simulated shoppers' addresses) instead of replacing it with the peer's.
 */
export async function localSite({
  upstreams,
  down = [],
  httpPort,
  httpsPort,
  dataDir,
  cert,
  key,
  forwardClientAddresses,
}) {
  const shipped = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = upstreams
    .map(
      (port) =>
        `    server 127.0.0.1:${port}${down.includes(port) ? ' down' : ''} max_fails=2 fail_timeout=5s;`,
    )
    .join('\n');
  const replacements = [
    [/^ *server 127\.0\.0\.1:3001 .*\n *server 127\.0\.0\.1:3002 .*$/m, servers],
    [/^ *listen 80;\n *listen \[::\]:80;$/m, `    listen 127.0.0.1:${httpPort};`],
    [
      /^ *listen 443 ssl http2;\n *listen \[::\]:443 ssl http2;$/m,
      `    listen 127.0.0.1:${httpsPort} ssl http2;`,
    ],
    ['/etc/letsencrypt/live/shop.example/fullchain.pem', cert],
    ['/etc/letsencrypt/live/shop.example/privkey.pem', key],
    ['/srv/shop-data/uploads/', `${path.join(dataDir, 'uploads')}/`],
    ...(forwardClientAddresses
      ? [
          [
            'proxy_set_header X-Forwarded-For $remote_addr;',
            'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
          ],
        ]
      : []),
  ];
  let site = shipped;
  for (const [from, to] of replacements) {
    const next = site.replace(from, to);
    if (next === site) throw new Error(`deploy/nginx.conf no longer has ${from}: update scripts/nginx.mjs`);
    site = next;
  }
  return site;
}

/**
 * nginx as a child process (its own prefix in a temporary directory, on free ports) in front of
 * the shop processes on `upstreams`: answers at `url` (HTTPS and HTTP/2, self-signed; on
 * `httpsPort` when given) and `httpUrl` (which redirects to HTTPS). `setDown(ports)` takes
 * processes out of rotation with a graceful reload, as deploy/rolling-restart.sh does.
 */
export async function startNginx({
  binary = ensureNginx(),
  upstreams,
  dataDir,
  forwardClientAddresses = false,
  httpsPort,
}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-nginx-'));
  // nginx's workers run as an unprivileged user, which must reach its files.
  await chmod(dir, 0o755);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  await chmod(key, 0o644);
  const httpPort = await freePort();
  httpsPort ??= await freePort();
  const site = (down) =>
    localSite({ upstreams, down, httpPort, httpsPort, dataDir, cert, key, forwardClientAddresses });
  const mainConfig = async (down) => `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${await site(down)}
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  await writeFile(configFile, await mainConfig([]));
  const child = spawn(binary, ['-p', dir, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `https://127.0.0.1:${httpsPort}`;
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${httpUrl}/api/health/live`, { redirect: 'manual' })).status === 301) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error('nginx did not answer within 25 s');
    await sleep(250);
  }
  const dispatcher = new Agent({ connect: { ca: await readFile(cert) } });
  return {
    url,
    httpUrl,
    pid: child.pid,
    certificate: cert,
    /**
     * fetch through nginx, trusting its certificate. A request sent on a kept-alive connection
     * that nginx closed as idle (its old workers do on a reload) is sent once more on a new
     * connection, as browsers do: nginx had not read it, so it cannot have been handled.
     */
    async request(address, init = {}) {
      try {
        return await undiciFetch(address, { ...init, dispatcher });
      } catch (error) {
        if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
        return undiciFetch(address, { ...init, dispatcher });
      }
    },
    /** Sends no new requests to the processes on `ports` (none: every process in rotation). */
    async setDown(ports) {
      await writeFile(configFile, await mainConfig(ports));
      const tested = spawnSync(binary, ['-p', dir, '-c', configFile, '-t', '-q'], { encoding: 'utf8' });
      if (tested.status !== 0) throw new Error(`nginx refuses the configuration: ${tested.stderr}`);
      // SIGHUP: a graceful reload; old workers finish the requests they hold, new ones take the rest.
      child.kill('SIGHUP');
      // The reload is done when the old workers have handed over (a short, bounded wait).
      await sleep(500);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // SIGQUIT: nginx's graceful stop (finishes open requests, then exits with its workers).
        child.kill('SIGQUIT');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await dispatcher.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
