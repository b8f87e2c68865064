export const root: string;
export function ensureWebBuild(): void;
export function freePort(): Promise<number>;
export function startShopServer(options?: {
  env?: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
  /** Runs on the fresh data directory before the server opens it. */
  beforeStart?: (context: { dataDir: string }) => void | Promise<void>;
}): Promise<{
  url: string;
  pid: number | undefined;
  dataDir: string;
  stop(): Promise<void>;
}>;
export function storefrontPages(
  baseUrl: string,
): Promise<{ pages: [name: string, path: string][]; productId: number }>;
