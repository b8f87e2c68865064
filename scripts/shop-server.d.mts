export const root: string;
export function ensureWebBuild(): void;
export function freePort(): Promise<number>;
export function startShopServer(options?: {
  env?: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<{
  url: string;
  pid: number | undefined;
  dataDir: string;
  stop(): Promise<void>;
}>;
