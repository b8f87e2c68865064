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
