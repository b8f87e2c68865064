import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  errorMessage,
  errorMessages,
  newPasswordField,
  staffInviteSchema,
  type ErrorCode,
  type StaffInvite,
} from '@shop/contract';
import { DataDirBusyError, withDataDirLock } from '../db/data-dir-lock.ts';
import type { Config } from '../config.ts';
import { commandConfig, runCommand } from './command-config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { COMMAND_LINE_ACTOR } from '../lib/audit-actor.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { hashPassword } from '../lib/password.ts';
import { insertStaff, presentStaff } from '../modules/staff/service.ts';

/*
 * `npm run staff:create -- --email E --name N --role owner` (from the repository root): makes a
 * back-office account, the first owner above all. The password comes from STAFF_PASSWORD when
 * it is set, otherwise it is asked for twice on the terminal without echo. There is no default
 * password, ever. Works on the embedded database (DATA_DIR, with the shop stopped) and on
 * PostgreSQL (DATABASE_URL, the shop may run). npm runs this in apps/api; a relative DATA_DIR
 * is taken from where the command was typed (INIT_CWD), as `npm start` does.
 */

const usage =
  'Usage: npm run staff:create -- --email E --name N --role owner|staff\n' +
  '  password: STAFF_PASSWORD, or typed on the terminal (not shown)\n' +
  '  database: DATABASE_URL (PostgreSQL), else the embedded database in DATA_DIR (default ./data)';

class CliError extends Error {}

const isErrorCodeString = (value: string): value is ErrorCode => Object.hasOwn(errorMessages, value);

function fail(code: ErrorCode | string, field?: string): never {
  const text = isErrorCodeString(code) ? errorMessage(code, 'en') : code;
  throw new CliError(field ? `${field}: ${text}` : text);
}

/** Asks a question on the terminal without echoing the answer. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  const check = (value: string) => {
    const parsed = newPasswordField.safeParse(value);
    if (!parsed.success) fail(parsed.error.issues[0]?.message ?? 'VALIDATION_FAILED', 'password');
    return value;
  };
  if (fromEnv !== undefined && fromEnv !== '') return check(fromEnv);
  if (!process.stdin.isTTY)
    throw new CliError('No password: set STAFF_PASSWORD, or run the command in a terminal to type it.');
  const first = check(await askHidden('Password (8–128 characters, not shown): '));
  const second = await askHidden('The same password again: ');
  if (first !== second) fail('PASSWORD_CONFIRMATION_MISMATCH', 'password');
  return first;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (args.help) {
    console.log(usage);
    return 0;
  }
  const input = staffInviteSchema.safeParse({
    email: args.email ?? '',
    name: args.name ?? '',
    role: args.role,
  });
  if (!input.success) {
    const issue = input.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    console.error(
      `--${field}: ${isErrorCodeString(issue.message) ? errorMessage(issue.message, 'en') : field === 'role' ? 'must be owner or staff' : issue.message}\n${usage}`,
    );
    return 2;
  }

  const cwd = process.env.INIT_CWD ?? process.cwd();
  process.chdir(cwd);
  const config = commandConfig();
  if (!config) return 1;

  // The embedded database is one process's: with the shop (or a backup, an import) running on
  // the same data directory the command stops here instead of corrupting it.
  const run = () => createMember(config, input.data);
  try {
    return config.databaseUrl ? await run() : await withDataDirLock(config.dataDir, 'staff:create', run);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(`${error.message}\nStop the shop, run this command, then start the shop again.`);
      return 1;
    }
    throw error;
  }
}

async function createMember(config: Config, member: StaffInvite): Promise<number> {
  const password = await readPassword();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const passwordHash = await hashPassword(password);
    const created = await database.db.transaction(async (tx) => {
      const row = await insertStaff(tx, { ...member, passwordHash, lang: 'ar' });
      await recordAudit(tx, {
        by: COMMAND_LINE_ACTOR,
        action: 'staff.create',
        entityType: 'staff',
        entityId: row.id,
        before: null,
        after: presentStaff(row),
      });
      return row;
    });
    const where = config.databaseUrl ? 'the PostgreSQL database' : path.join(config.dataDir, 'pg');
    console.log(`Created ${created.role} ${created.email} (${created.name}) in ${where}.`);
    console.log('Sign in to the back office at /dashboard/login (English: /en/dashboard/login).');
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'STAFF_EMAIL_EXISTS') {
      console.error(`--email: ${errorMessage('STAFF_EMAIL_EXISTS', 'en')}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCommand(main, (error) => (error instanceof CliError ? error.message : undefined));
