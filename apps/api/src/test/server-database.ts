import pg from 'pg';

/**
 * Creates a database with a unique name (`<prefix>_<random>`) on the PostgreSQL server of
 * `baseUrl` and returns its URL and a way to drop it: each API test file, and the checkout
 * benchmark, gets a database of its own on a shared server.
 */
export async function createServerDatabase(baseUrl: string, prefix = 'shop_test') {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
