import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminPaths, type AuditPage } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, staffCookieToken, staffHeaders } from '../test/staff.ts';

/** `npm run staff:create` as an operator runs it: a separate process on the shop's database. */

const apiDir = fileURLToPath(new URL('../../..', import.meta.url));
const cli = fileURLToPath(new URL('./staff-create.ts', import.meta.url));
const PASSWORD = 'first owner password';

function staffCreate(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, STAFF_PASSWORD: _password, ...inherited } = process.env;
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { cwd: apiDir, env: { ...inherited, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function signIn(app: App, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: adminPaths.signIn.pattern,
    headers: { origin: ADMIN_ORIGIN, host: ADMIN_HOST },
    payload: { email, password },
  });
  return staffCookieToken(res.headers['set-cookie']);
}

// Each run starts Node and, for the first, a new embedded database: slower than an inject.
describe('npm run staff:create', { timeout: 120_000 }, () => {
  let t: TestContext;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await t.close();
  });

  it("creates an owner who signs in with that password, audited as the command line's", async () => {
    let app: App;
    let env: Record<string, string>;
    if (t.config.databaseUrl) {
      // PostgreSQL: the same database the running app uses, as in production.
      app = t.app;
      env = { DATABASE_URL: t.config.databaseUrl };
    } else {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-staff-cli-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
      // Started from the suite's migrated template, as a shop that ran once: no initdb to wait for.
      const template = process.env.SHOP_TEST_PG_TEMPLATE;
      if (template) {
        const made = await openDatabase({ dataDir, template: new Blob([await readFile(template)]) });
        await made.close();
      }
    }
    const run = await staffCreate(['--email', 'Owner@Shop.Test', '--name', 'Noura', '--role', 'owner'], {
      ...env,
      STAFF_PASSWORD: PASSWORD,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created owner owner@shop.test (Noura)');
    if (!t.config.databaseUrl) {
      // The shop starts on the data directory the command made, and takes it as the shop does.
      const lock = await lockDataDir(env.DATA_DIR!, 'shop');
      cleanups.push(() => lock.release());
      const database: Database = await openDatabase({ dataDir: env.DATA_DIR! });
      await database.migrate();
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: env.DATA_DIR!,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      });
      app = await buildApp({ config, database, logger: false });
      cleanups.push(async () => {
        await app.close();
        await database.close();
      });
    }
    expect(await signIn(app!, 'owner@shop.test', 'not the password')).toBeUndefined();
    const token = await signIn(app!, 'owner@shop.test', PASSWORD);
    expect(token).toBeDefined();
    const audit = await app!.inject({
      method: 'GET',
      url: adminPaths.auditLog.pattern,
      headers: staffHeaders(token!),
    });
    // Newest first: the sign-in, the wrong password before it, and the creation.
    expect((audit.json() as AuditPage).items).toMatchObject([
      { action: 'staff.sign_in', actor: 'owner@shop.test' },
      { action: 'staff.sign_in_failed', actor: 'owner@shop.test', after: { reason: 'wrong_password' } },
      {
        action: 'staff.create',
        actor: 'command-line',
        staffId: null,
        after: { email: 'owner@shop.test', role: 'owner' },
      },
    ]);
    // The same e-mail twice is refused, in any case.
    const again = await staffCreate(['--email', 'OWNER@shop.test', '--name', 'Other', '--role', 'staff'], {
      ...env,
      STAFF_PASSWORD: PASSWORD,
    });
    if (t.config.databaseUrl) {
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('A staff member with this e-mail already exists');
    } else {
      // The data directory is the running shop's now.
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(
        `The data directory ${env.DATA_DIR} is in use by process ${process.pid} (shop)`,
      );
    }
  });

  it('refuses the embedded database of a running shop, and creates nothing', async () => {
    // This test process takes a data directory the way a running shop does.
    const held = await mkdtemp(path.join(os.tmpdir(), 'shop-staff-cli-held-'));
    const lock = await lockDataDir(held, 'shop');
    cleanups.push(async () => {
      await lock.release();
      await rm(held, { recursive: true, force: true });
    });
    const run = await staffCreate(['--email', 'late@shop.test', '--name', 'Late', '--role', 'owner'], {
      DATA_DIR: held,
      STAFF_PASSWORD: PASSWORD,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The data directory ${held} is in use by process ${process.pid} (shop)`);
    expect(run.stderr).toContain('Stop the shop');
    expect(run.stdout).toBe('');
    // Nothing was made: no database beside the lock.
    expect(await readdir(held)).toEqual(['shop.lock']);
  });

  it('has no default password and checks what it is given', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'shop-staff-cli-'));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    const dataDir = path.join(parent, 'data');
    const noPassword = await staffCreate(['--email', 'a@shop.test', '--name', 'A', '--role', 'owner'], {
      DATA_DIR: dataDir,
    });
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain('No password: set STAFF_PASSWORD');
    const short = await staffCreate(['--email', 'a@shop.test', '--name', 'A', '--role', 'owner'], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: 'short',
    });
    expect(short.stderr).toContain('The password must be at least 8 characters');
    const role = await staffCreate(['--email', 'a@shop.test', '--name', 'A', '--role', 'boss'], {
      DATA_DIR: dataDir,
    });
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('--role: must be owner or staff');
  });
});
