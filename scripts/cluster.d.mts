export interface Cluster {
  url: string;
  /** The cluster's own database on the PostgreSQL server. */
  databaseUrl: string;
  httpUrl: string;
  certificate: string;
  ports: number[];
  request(address: string, init?: RequestInit): Promise<Response>;
  pids(): (number | undefined)[];
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}
export function startCluster(options?: {
  processes?: number;
  databaseUrl?: string;
  redisUrl?: string;
  log?: (line: string) => void;
  env?: Record<string, string>;
}): Promise<Cluster>;
