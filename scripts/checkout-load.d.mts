export interface Stock {
  before: Map<number, { stock: number; unitsSold: number }>;
  scarceIds: number[];
  plentiful: number[];
}
export interface ShopperRun {
  shoppers: number;
  elapsed: number;
  steps: Record<string, number[]>;
  counts: {
    placed: number;
    paid: number;
    outOfStock: number;
    replays: number;
    replayMismatch: number;
    errors: number;
  };
  errorSamples: Map<string, number>;
  clientOrders: Map<string, { userId: string; amount: number; confirmed: boolean }>;
}
export function prepareStock(database: { databaseUrl?: string; dataDir?: string }): Promise<Stock>;
export function runShoppers(options: {
  baseUrl: string;
  seconds: number;
  shopperCount: number;
  stock: Stock;
  firstShopper?: number;
  request?: (address: string, init?: RequestInit) => Promise<Response>;
}): Promise<ShopperRun>;
export function checkIntegrity(
  database: { databaseUrl?: string; dataDir?: string },
  stock: Stock,
  run: ShopperRun,
): Promise<{ checks: Record<string, number>; statuses: Record<string, number>; scarceLeft: number[] }>;
