import path from 'node:path';
import { ensureWebBuild, root } from '../../../../scripts/shop-server.mjs';
import { createTestApp, type TestContext } from './harness.ts';

/**
 * What the shop sends to the database while one request runs (the app's query log), for the
 * tests that hold a page action to the statements it needs.
 */
export class QueryLog {
  readonly statements: string[] = [];
  #recording = false;

  /** Given to the test app: keeps the statements sent while recording. */
  readonly onQuery = (sql: string) => {
    if (this.#recording) this.statements.push(sql);
  };

  /** Runs `work`, keeping only the statements it sends. */
  async record<T>(work: () => Promise<T>): Promise<T> {
    this.statements.length = 0;
    this.#recording = true;
    try {
      return await work();
    } finally {
      this.#recording = false;
    }
  }

  /** The recorded statements that read (or lock) rows of `table`. */
  readsOf(table: string): string[] {
    return this.statements.filter((sql) =>
      new RegExp(`^\\s*select[\\s\\S]*\\bfrom "${table}"`, 'i').test(sql),
    );
  }
}

/** The real app with the storefront's build mounted (its pages), its statements going to `log`. */
export async function pagesApp(log: QueryLog): Promise<TestContext> {
  ensureWebBuild();
  return createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') }, log.onQuery);
}
