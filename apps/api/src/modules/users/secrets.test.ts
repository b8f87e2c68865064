import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { dumpDatabase, multipart, TEST_HOST, TEST_ORIGIN } from '../../test/users.ts';

/** Passwords never reach the logs or the database, whatever path they take through the API. */
describe('passwords stay secret', () => {
  const lines: string[] = [];
  let app: App;
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-secrets-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    database = await openDatabase({ dataDir: config.dataDir });
    await database.migrate();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    // The most talkative level, so anything that could carry a body is written.
    app = await buildApp({ config, database, logger: { level: 'trace', stream } });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never logs or stores a password, in any call that carries one', async () => {
    const first = 'First-Secret-Pass-1';
    const second = 'Second-Secret-Pass-2';
    const wrong = 'Wrong-Guess-Secret-3';
    const tooShort = 'Short-4';

    await app.inject({
      method: 'POST',
      url: apiPaths.register.pattern,
      ...multipart({
        UserName: 'Secretive',
        UserPhone: '0553334444',
        UserEmail: 's@example.com',
        UserPassword: tooShort,
      }),
    });
    const registered = await app.inject({
      method: 'POST',
      url: apiPaths.register.pattern,
      ...multipart({
        UserName: 'Secretive',
        UserPhone: '0553334444',
        UserEmail: 's@example.com',
        UserPassword: first,
      }),
    });
    expect(registered.statusCode).toBe(200);
    const userId = registered.json().userId as string;
    await app.inject({
      method: 'POST',
      url: apiPaths.login.pattern,
      payload: { userEmail: 's@example.com', userPassword: wrong },
    });
    const login = await app.inject({
      method: 'POST',
      url: apiPaths.login.pattern,
      payload: { userEmail: 's@example.com', userPassword: first },
    });
    const token = login.json().token as string;
    const headers = { cookie: `session=${token}`, origin: TEST_ORIGIN, host: TEST_HOST };
    await app.inject({
      method: 'PUT',
      url: apiPaths.changePassword.build({ id: userId }),
      headers,
      payload: { oldPassword: wrong, password: second },
    });
    const changed = await app.inject({
      method: 'PUT',
      url: apiPaths.changePassword.build({ id: userId }),
      headers,
      payload: { oldPassword: first, password: second },
    });
    expect(changed.statusCode).toBe(200);
    // A server error path too: a body the JSON parser rejects.
    await app.inject({
      method: 'POST',
      url: apiPaths.login.pattern,
      headers: { 'content-type': 'application/json' },
      payload: `{"userEmail":"s@example.com","userPassword":"${wrong}"`,
    });

    const log = lines.join('');
    // The logs were written (the check below could fail), and the session token is not in them either.
    expect(log).toContain('incoming request');
    expect(log).toContain(userId);
    for (const secret of [first, second, wrong, tooShort, token]) expect(log).not.toContain(secret);

    const dump = await dumpDatabase(app.db);
    expect(dump).toContain('s@example.com');
    for (const secret of [first, second, wrong, tooShort, token]) expect(dump).not.toContain(secret);
  });
});
