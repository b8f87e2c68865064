import net from 'node:net';

/** True when something answers `hello` the way the server should, within half a second. */
function answers(port: number, hello: Buffer, reply: RegExp): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write(hello));
    socket.on('data', (data) => done(reply.test(data.toString('latin1'))));
  });
}

/**
 * The PostgreSQL and Redis servers the tests of several processes use: TEST_DATABASE_URL's, or
 * the ones CI runs on 127.0.0.1 (PostgreSQL 5432, Redis 6379) when they answer; undefined for a
 * server that does not.
 */
export async function localServers(): Promise<{ postgresUrl?: string; redisUrl?: string }> {
  // An SSLRequest: a PostgreSQL server answers one byte, `S` or `N`.
  const [postgres, redis] = await Promise.all([
    answers(5432, Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]), /^[SN]/),
    answers(6379, Buffer.from('PING\r\n'), /^\+PONG/),
  ]);
  const postgresUrl =
    process.env.TEST_DATABASE_URL ?? (postgres ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
  return {
    ...(postgresUrl && { postgresUrl }),
    ...(redis && { redisUrl: 'redis://127.0.0.1:6379' }),
  };
}
