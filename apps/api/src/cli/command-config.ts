import { ConfigError, loadConfig, type Config } from '../config.ts';

/**
 * The configuration a command needs: where the database is (DATABASE_URL, else the embedded
 * database in DATA_DIR) and the key that seals secrets. The shop's payment and mail settings
 * are none of a command's business. Null, with the reason printed, when a value is bad.
 */
export function commandConfig(): Config | null {
  try {
    return loadConfig({
      DATA_DIR: process.env.DATA_DIR,
      DATABASE_URL: process.env.DATABASE_URL,
      STAFF_TOTP_KEY: process.env.STAFF_TOTP_KEY,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

/**
 * Runs a command's `main` and leaves with the code it answers. A failure is printed and leaves
 * with 1: as `worded` puts it for the person at the terminal when it knows the error, else whole.
 */
export function runCommand(
  main: () => Promise<number>,
  worded?: (error: unknown) => string | undefined,
): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(worded?.(error) ?? error);
      process.exitCode = 1;
    },
  );
}
